// Its own cached file: inlined, the icon would add to every page's script (bench/README.md, 'First-load JavaScript').
import iconUrl from "./whatsapp-icon.svg?url&no-inline";

/**
 * A floating action of the page's bottom right corner (ContactCorner): a round button on wide
 * screens; on phones and tablets a round button with its name beside it, shown while the
 * contact menu is open (the corner is the `group`).
 */
export const FLOATING_ACTION = "hidden items-center gap-2 group-has-[[open]]:flex lg:flex";
export const FLOATING_LABEL = "rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-md lg:hidden";
export const FLOATING_CIRCLE =
  "inline-flex size-12 items-center justify-center rounded-full text-white shadow-lg transition-transform hover:scale-105 lg:size-14";

/** The shop's WhatsApp, with the general inquiry's text. */
export function WhatsAppButton({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp"
      title="Escríbenos por WhatsApp"
      className={FLOATING_ACTION}
    >
      <span className={FLOATING_LABEL}>WhatsApp</span>
      <span className={`${FLOATING_CIRCLE} bg-whatsapp`}>
        <svg viewBox="0 0 32 32" className="size-7 lg:size-8" fill="currentColor" aria-hidden="true">
          <use href={`${iconUrl}#w`} />
        </svg>
      </span>
    </a>
  );
}
