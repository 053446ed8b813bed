import type { SVGProps } from "react";

import { spriteIcon } from "~/ui/icons/icon";

// A hashed file under /assets, never inlined: a data: URL cannot be referenced by <use>.
import adminSpriteUrl from "./admin-sprite.svg?url&no-inline";

/**
 * The icons the back office shows: lucide-react's drawings in a sprite of their own,
 * `app/ui/admin/icons/admin-sprite.svg`, apart from the storefront's so that shoppers never
 * download them (docs/decisions/013). Named as lucide-react names its components, in kebab case
 * (Trash2 → "trash-2"). After changing this list, run `node scripts/icon-sprite.js`;
 * admin-icon.test.tsx checks the sprite matches it.
 */
export const ADMIN_ICON_NAMES = [
  "alarm-clock",
  "alert-triangle",
  "archive",
  "archive-restore",
  "arrow-down",
  "arrow-left",
  "arrow-right",
  "arrow-up",
  "arrow-up-down",
  "badge-percent",
  "ban",
  "banknote",
  "bell-ring",
  "book-open-text",
  "bot",
  "calendar-clock",
  "calendar-plus",
  "calendar-search",
  "calendar-x",
  "chart-column",
  "check",
  "chevron-left",
  "chevron-right",
  "circle-check",
  "clipboard-list",
  "clock",
  "credit-card",
  "download",
  "external-link",
  "eye",
  "file-down",
  "file-text",
  "file-up",
  "history",
  "home",
  "image-plus",
  "images",
  "info",
  "layout-dashboard",
  "lock",
  "lock-keyhole",
  "log-out",
  "mail",
  "mail-check",
  "mail-open",
  "mail-warning",
  "menu",
  "message-circle",
  "message-square-warning",
  "package",
  "paw-print",
  "pencil",
  "phone",
  "plus",
  "printer",
  "receipt",
  "receipt-text",
  "reply",
  "rotate-ccw",
  "scissors",
  "search",
  "search-check",
  "settings",
  "shield-check",
  "syringe",
  "tags",
  "trash-2",
  "truck",
  "undo-2",
  "user-round",
  "users",
  "x",
] as const;

export type AdminIconName = (typeof ADMIN_ICON_NAMES)[number];

type AdminIconProps = { name: AdminIconName } & Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * One icon of the admin sprite, drawn as the storefront's Icon is: 24 px box, 2 px round strokes
 * in the text colour, hidden from screen readers unless given a label. Size it with a class ("size-4").
 */
export function AdminIcon({ name, ...props }: AdminIconProps) {
  return spriteIcon(adminSpriteUrl, name, props);
}
