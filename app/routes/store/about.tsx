import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Nosotros", matches) },
];

export default function Screen() {
  return <ComingSoon title="Nosotros" />;
}
