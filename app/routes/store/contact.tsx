import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Contacto", matches) },
];

export default function Screen() {
  return <ComingSoon title="Contacto" />;
}
