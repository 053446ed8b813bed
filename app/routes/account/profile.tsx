import { requireUser } from "~/auth/guards.server";
import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Mi Perfil", matches) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Profile() {
  return <ComingSoon title="Mi Perfil" />;
}
