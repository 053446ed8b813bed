import type { SocialLink } from "~/domain/content/shop-profile";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";

// Each network's mark is a symbol of the icon sprite (scripts/icon-sprite.js draws them, as
// lucide-react ships no brand logos), named after the network.

/** The shop's active networks as round icon links that open in a new tab. */
export function SocialLinks({
  links,
  shopName,
  className,
}: {
  links: SocialLink[];
  shopName: string;
  className?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap items-center gap-3", className)}>
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} de ${shopName} (se abre en una pestaña nueva)`}
            title={link.label}
            className="flex size-12 items-center justify-center rounded-full bg-white text-primary-strong shadow-sm ring-1 ring-primary/20 transition hover:-translate-y-0.5 hover:bg-primary-strong hover:text-white hover:shadow-md"
          >
            <Icon name={link.network} className="size-6" />
          </a>
        </li>
      ))}
    </ul>
  );
}
