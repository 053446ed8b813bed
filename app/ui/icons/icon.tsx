import type { SVGProps } from "react";

// A hashed file under /assets, never inlined: a data: URL cannot be referenced by <use>.
import spriteUrl from "./sprite.svg?url&no-inline";

/**
 * The icons the storefront shows: lucide-react's drawings (and the social networks' marks) in
 * one cached sprite, `app/ui/icons/sprite.svg`. After changing this list, run
 * `node scripts/icon-sprite.js`; icon.test.ts checks the sprite matches it.
 */
export const ICON_NAMES = [
  "arrow-left",
  "arrow-right",
  "bell",
  "book-open-text",
  "bot",
  "bot-message-square",
  "calendar-days",
  "calendar-plus",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "circle-check",
  "circle-check-big",
  "circle-help",
  "clock",
  "heart",
  "heart-handshake",
  "loader-circle",
  "mail",
  "mail-check",
  "mail-warning",
  "map-pin",
  "menu",
  "message-circle",
  "minus",
  "navigation",
  "package-check",
  "package-open",
  "pause",
  "paw-print",
  "play",
  "plus",
  "printer",
  "refresh-ccw",
  "rotate-ccw",
  "search",
  "send",
  "shield-check",
  "shopping-bag",
  "shopping-cart",
  "stethoscope",
  "trash-2",
  "triangle-alert",
  "truck",
  "user-round",
  "users",
  "x",
  "facebook",
  "instagram",
  "tiktok",
  "twitter",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export type IconProps = { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * One icon of the sprite, drawn like lucide-react's: 24 px box, 2 px round strokes in the text
 * colour, hidden from screen readers unless given a label. Size it with a class ("size-5").
 */
export function Icon({ name, ...props }: IconProps) {
  return spriteIcon(spriteUrl, name, props);
}

/**
 * The <svg> of an icon of a sprite: Icon's, and the back office's AdminIcon's, whose icons live in
 * a sprite of their own (app/ui/admin/icons/admin-icon.tsx) so that shoppers never load them.
 */
export function spriteIcon(sprite: string, name: string, props: Omit<SVGProps<SVGSVGElement>, "children">) {
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  return (
    // 24 px unless a class sizes it; the symbol brings its viewBox and lucide's paint (the
    // sprite's <symbol> attributes, scripts/icon-sprite.js), so each icon on a page is short.
    <svg
      width="24"
      height="24"
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      data-icon={name}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
