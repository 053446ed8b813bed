import { requireAdmin } from "~/auth/guards.server";
import { AdminPlaceholder } from "~/ui/admin/admin-placeholder";
import type { Route } from "./+types/sheet";

export const meta: Route.MetaFunction = () => [{ title: "Hoja de Reclamación | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Screen() {
  return <AdminPlaceholder title="Hoja de Reclamación" />;
}
