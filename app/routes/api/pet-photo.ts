// GET /mascota/{id}/foto: a pet's photo ('Mis Mascotas'). It is personal: only the pet's owner
// and the administrators see it; anyone else, like a pet without a photo, gets a 404.
import { getSessionUser } from "~/auth/guards.server";
import { readPetPhotoFile } from "~/domain/pets/pet-photo.server";
import { findPetPhotoFor } from "~/domain/pets/pets.server";
import { parseRecordId } from "~/lib/parse";

import type { Route } from "./+types/pet-photo";

function notFound(): Response {
  return new Response("Foto no encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const [user, petId] = [await getSessionUser(request), parseRecordId(params.petId)];
  if (!user || petId === null) return notFound();
  const fileName = await findPetPhotoFor({ id: user.id, isAdmin: user.role === "admin" }, petId);
  const image = await readPetPhotoFile(fileName);
  if (!image) return notFound();
  const extension = image.contentType.replace("image/", "");
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="mascota-${petId}.${extension}"`,
    },
  });
}
