import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/password";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Recuperar Contraseña", matches) },
];

export default function Password() {
  return <ComingSoon title="Recuperar Contraseña" />;
}
