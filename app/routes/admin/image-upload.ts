// POST the raw bytes of one image (the browser's File as the body) and get back
// { url } or { error }: the editors put the URL in their form, so a refused file never
// costs the admin what they already typed.
import { data } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import { storeUploadedImage } from "~/domain/media/image-upload.server";
import { readBodyWithLimit } from "~/lib/read-body.server";

import type { Route } from "./+types/image-upload";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data({ error: "Envía la imagen con POST." }, { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (request.method !== "POST") return data({ error: "Método no permitido." }, { status: 405 });
  const bytes = await readBodyWithLimit(request, MAX_IMAGE_BYTES);
  if (!bytes) return data({ error: IMAGE_TOO_LARGE_MESSAGE }, { status: 413 });
  const stored = await storeUploadedImage(bytes);
  if (!stored.ok) return data({ error: stored.message }, { status: stored.status });
  return data({ url: stored.url });
}
