import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";

import { buildWhatsAppUrl, GENERAL_INQUIRY_TEXT } from "~/lib/whatsapp";
import { Icon } from "~/ui/icons/icon";
import { FLOATING_ACTION, FLOATING_CIRCLE, FLOATING_LABEL, WhatsAppButton } from "~/ui/layout/whatsapp-button";

// The panel, its icons and the reply rule load only when a visitor opens the chat.
const loadPanel = () => import("./chatbot-panel");
const ChatbotPanel = lazy(loadPanel);

const PANEL_ID = "asistente-virtual";

/** While the panel's code arrives (it is fetched ahead on hover, focus or opening the menu). */
const loadingNotice = (
  <p
    role="status"
    className="fixed right-4 bottom-20 z-50 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-md lg:right-24 lg:bottom-25"
  >
    Cargando asistente…
  </p>
);

/**
 * The shopper's two ways to ask, on every storefront page: the virtual assistant and WhatsApp.
 * Wide screens (lg) show them as two round buttons at the bottom right, the chat above
 * WhatsApp. Phones and tablets fold them into one contact button, a <details> (so WhatsApp
 * opens without JavaScript too) that shows both with their names; choosing one, Escape or a
 * tap outside closes it. The folded button keeps off the page's text (useOutOfTheWay).
 */
export function ContactCorner({ whatsappPhone }: { whatsappPhone: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isHydrated, setIsHydrated] = useState(false);
  const cornerRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useOutOfTheWay(cornerRef);

  // The chat runs in the browser only: its button appears once it can answer a click,
  // so an early tap is never lost and a page without JavaScript shows no dead button.
  useEffect(() => setIsHydrated(true), []);

  const toggleLabel = isOpen ? "Cerrar asistente virtual" : "Abrir asistente virtual";

  function close() {
    setIsOpen(false);
    // Back to the button that opened it, whichever this screen shows: a hidden one takes no focus.
    summaryRef.current?.focus();
    toggleRef.current?.focus();
  }

  return (
    <>
      <div
        ref={cornerRef}
        data-hidden=""
        // The panel's code is fetched ahead, as the pointer or the focus comes near.
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onKeyDown={(event) => {
          if (event.key === "Escape") closeMenu(cornerRef.current, summaryRef.current);
        }}
        onClick={(event) => {
          if ((event.target as Element).closest("a,button")) closeMenu(cornerRef.current);
        }}
        className="group fixed right-4 bottom-4 z-50 flex flex-col-reverse items-end gap-3 transition motion-reduce:transition-none lg:right-5 lg:bottom-5 [@media(scripting:enabled)_and_(width<64rem)]:[&[data-hidden]:not(:has([open],:focus-visible))]:translate-y-24 [@media(scripting:enabled)_and_(width<64rem)]:[&[data-hidden]:not(:has([open],:focus-visible))]:opacity-0"
      >
        <details className="lg:hidden">
          <summary
            ref={summaryRef}
            aria-label="Contáctanos"
            className={`${FLOATING_CIRCLE} cursor-pointer list-none bg-primary-strong [&::-webkit-details-marker]:hidden`}
          >
            <Icon name="message-circle" className="size-6 group-has-[[open]]:hidden" />
            <Icon name="x" className="hidden size-6 group-has-[[open]]:block" />
          </summary>
        </details>
        <WhatsAppButton href={buildWhatsAppUrl(whatsappPhone, GENERAL_INQUIRY_TEXT)} />
        {isHydrated ? (
          <button
            ref={toggleRef}
            type="button"
            aria-label={toggleLabel}
            title={toggleLabel}
            aria-expanded={isOpen}
            aria-controls={PANEL_ID}
            onClick={() => setIsOpen((open) => !open)}
            className={FLOATING_ACTION}
          >
            <span className={FLOATING_LABEL}>Asistente virtual</span>
            <span className={`${FLOATING_CIRCLE} bg-primary-strong`}>
              <Icon name={isOpen ? "x" : "bot-message-square"} className="size-6 lg:size-7" />
            </span>
          </button>
        ) : null}
      </div>
      {isOpen ? (
        <Suspense fallback={loadingNotice}>
          <ChatbotPanel id={PANEL_ID} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Folds the contact menu (its <details> is the corner's first child), and focuses its button. */
function closeMenu(corner: HTMLDivElement | null, focus?: HTMLElement | null) {
  (corner?.firstChild as HTMLDetailsElement).open = false;
  focus?.focus();
}

/** The folded corner's height below the screen while hidden (its `translate-y-24`). */
const HIDDEN_OFFSET_PX = 96;

/**
 * Whether the corner, where it shows, would cover a button the page keeps clear of it
 * ('Agregar al Carrito', 'Avísame cuando haya stock': marked `data-keep-clear`).
 */
function coversKeptClear(corner: HTMLElement): boolean {
  const box = corner.getBoundingClientRect();
  const offset = corner.hasAttribute("data-hidden") ? HIDDEN_OFFSET_PX : 0;
  const top = box.top - offset;
  const bottom = box.bottom - offset;
  return [...document.querySelectorAll("[data-keep-clear]")].some((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.right > box.left && rect.left < box.right && rect.bottom > top && rect.top < bottom;
  });
}

/**
 * The folded button never rests on the page's text or fields: it waits below the screen while
 * the shopper reads, and rises at the end of the page (over the footer's bottom padding), for
 * 3 s after a scroll up (a shopper looking for it) unless it would then cover a button the page
 * keeps clear, and while it is open or keyboard-focused
 * (the corner's classes). Without JavaScript (`scripting: none`) it always shows.
 */
function useOutOfTheWay(cornerRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const corner = cornerRef.current!;
    let lastY = scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function update() {
      const isScrollingUp = scrollY < lastY;
      lastY = scrollY;
      clearTimeout(timer);
      if (isScrollingUp) timer = setTimeout(update, 3000);
      const isAtEnd = scrollY + innerHeight > document.documentElement.scrollHeight - 24;
      const wouldCover = isScrollingUp && !isAtEnd && coversKeptClear(corner);
      corner.toggleAttribute("data-hidden", (!isScrollingUp && !isAtEnd) || wouldCover);
    }
    function closeOutside(event: PointerEvent) {
      if (!corner.contains(event.target as Node)) closeMenu(corner);
    }
    update();
    addEventListener("scroll", update);
    addEventListener("pointerdown", closeOutside);
    return () => {
      clearTimeout(timer);
      removeEventListener("scroll", update);
      removeEventListener("pointerdown", closeOutside);
    };
  }, [cornerRef]);
}
