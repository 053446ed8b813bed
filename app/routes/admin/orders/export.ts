import { requireAdmin } from "~/auth/guards.server";
import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("Exportación en construcción.", { status: 501 });
}
