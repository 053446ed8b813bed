// GET /mascota/{id}/foto: a pet's photo ('Mis Mascotas'). It is personal: only the pet's owner
// and the administrators see it; anyone else, like a pet without a photo, gets a 404.
import { getSessionUser } from "~/auth/guards.server";
import { readPetPhotoFile } from "~/domain/pets/pet-photo.server";
import { findPetPhotoFor } from "~/domain/pets/pets.server";
import { parseRecordId } from "~/lib/parse";
import { privateImageResponse, privateNotFound } from "~/lib/private-file-response.server";

import type { Route } from "./+types/pet-photo";

export async function loader({ request, params }: Route.LoaderArgs) {
  const [user, petId] = [await getSessionUser(request), parseRecordId(params.petId)];
  if (!user || petId === null) return privateNotFound("Foto no encontrada.");
  const fileName = await findPetPhotoFor({ id: user.id, isAdmin: user.role === "admin" }, petId);
  const image = await readPetPhotoFile(fileName);
  if (!image) return privateNotFound("Foto no encontrada.");
  return privateImageResponse(image, `mascota-${petId}`);
}
