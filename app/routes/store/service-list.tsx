import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/service-list";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Nuestros Servicios", matches) },
];

export default function Screen() {
  return <ComingSoon title="Nuestros Servicios" />;
}
