// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { isStorableImagePath } from "~/domain/media/image";

const TITLE_REQUIRED_MESSAGE = "El título es obligatorio.";
const LINK_INVALID_MESSAGE = `El enlace debe ser una ruta de la tienda (por ejemplo ${buildCatalogPath("products")}) o una dirección que empiece con https://.`;
const PROMOTION_IMAGE_INVALID_MESSAGE = "La imagen no es válida. Súbela de nuevo.";
const DEFAULT_BUTTON_TEXT = "Ver Más";
export const PROMOTION_COUPON_INVALID_MESSAGE = "Ese cupón ya no existe o ya no tiene código. Elige otro de la lista.";

/**
 * A slide's button may lead to a page of the shop ('/productos') or to an https site;
 * never to 'javascript:', 'data:' or another scheme, nor to '//host' (another site
 * disguised as a path). Empty means the slide has no button.
 */
export function isAllowedPromotionLink(link: string): boolean {
  if (link === "") return true;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\\\u0000-\u001f]/.test(link)) return false;
  if (link.startsWith("/")) return !link.startsWith("//");
  try {
    const url = new URL(link);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

export const promotionFormSchema = z.object({
  title: z.string({ error: TITLE_REQUIRED_MESSAGE }).trim().min(1, TITLE_REQUIRED_MESSAGE),
  description: z.string().trim().default(""),
  image: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isStorableImagePath(value), PROMOTION_IMAGE_INVALID_MESSAGE),
  imageAlt: z.string().trim().default(""),
  link: z.string().trim().default("").refine(isAllowedPromotionLink, LINK_INVALID_MESSAGE),
  buttonText: z
    .string()
    .trim()
    .default("")
    .transform((value) => value || DEFAULT_BUTTON_TEXT),
  // The coupon its button applies ('Usar cupón'): a discount's id, or '' for none.
  discountId: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^[1-9]\d{0,8}$/.test(value), PROMOTION_COUPON_INVALID_MESSAGE)
    .transform((value) => (value === "" ? null : Number(value))),
  // A check box sends 'on' when ticked and nothing at all when not.
  isActive: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
export type PromotionInput = z.output<typeof promotionFormSchema>;

/** `?editar=7`: the promotion the form is editing (a URL, so it also works without JavaScript). */
export function readEditingPromotionId(search: URLSearchParams): number | null {
  const value = search.get("editar") ?? "";
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
