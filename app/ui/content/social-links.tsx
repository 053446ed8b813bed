import type { ReactNode, SVGProps } from "react";
import type { SocialNetwork } from "~/db/schema/content";
import type { SocialLink } from "~/domain/content/shop-profile";
import { cn } from "~/lib/cn";

// lucide-react 1.x ships no brand logos; these are simple outline marks in its 24px style.
const brandPaths: Record<SocialNetwork, ReactNode> = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  tiktok: (
    <path d="M21 7.92v4.03a9.95 9.95 0 0 1-5-1.95v4.5a6.5 6.5 0 1 1-8-6.33v4.33a2.5 2.5 0 1 0 4 2V3h4.08A6 6 0 0 0 21 7.92z" />
  ),
  twitter: (
    <>
      <path d="M4 4l11.73 16H20L8.27 4z" />
      <path d="M4 20l6.77-6.77M13.23 10.77L20 4" />
    </>
  ),
};

export function SocialIcon({ network, ...props }: { network: SocialNetwork } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {brandPaths[network]}
    </svg>
  );
}

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
            <SocialIcon network={link.network} className="size-6" />
          </a>
        </li>
      ))}
    </ul>
  );
}
