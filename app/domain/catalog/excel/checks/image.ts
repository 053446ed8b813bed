// The row's picture: one of the shop's own paths, still on disk, with its description.
import { isStorableImagePath, isUploadedImage } from "~/domain/media/image";

import { IMAGE_ALT_REQUIRED_MESSAGE } from "../../catalog-admin";
import { columns } from "../layout";
import type { CatalogValues, CheckResult, RowInput } from "../types";

/**
 * `isUploadPresent`: whether an uploaded image (/uploads/…) is still on disk; the
 * housekeeping deletes pictures nothing uses, so an old export may name one that is gone.
 */
export function checkImage(
  row: RowInput,
  values: CatalogValues,
  isUploadPresent: ((image: string) => boolean) | undefined,
): CheckResult {
  const set: Partial<CatalogValues> = {};
  const problems: string[] = [];
  if (row.has("image")) {
    const image = row.text("image");
    if (image && !isStorableImagePath(image)) {
      problems.push(`Imagen inválida: "${image}". Usa la ruta de una imagen de la tienda (/uploads/… o /images/…).`);
    } else if (image && isUploadedImage(image) && isUploadPresent && !isUploadPresent(image)) {
      problems.push(`Imagen no encontrada: "${image}" ya no está en la tienda. Súbela de nuevo desde el editor.`);
    } else set.image = image || null;
  }
  // As in the editors: a picture needs its description (SEO and accessibility).
  const image = "image" in set ? set.image : values.image;
  if (image && !values.imageAlt.trim()) problems.push(`${columns.imageAlt.label}: ${IMAGE_ALT_REQUIRED_MESSAGE}`);
  return { set, problems };
}
