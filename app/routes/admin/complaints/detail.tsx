import { requireAdmin } from "~/auth/guards.server";
import { AdminPlaceholder } from "~/ui/admin/admin-placeholder";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => [{ title: "Reclamación | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Screen() {
  return <AdminPlaceholder title="Reclamación" />;
}
