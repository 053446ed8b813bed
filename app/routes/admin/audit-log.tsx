import { requireAdmin } from "~/auth/guards.server";
import { AdminPlaceholder } from "~/ui/admin/admin-placeholder";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Auditoría | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Screen() {
  return <AdminPlaceholder title="Auditoría" />;
}
