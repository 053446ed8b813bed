import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/complaints-book";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Libro de Reclamaciones", matches) },
];

export default function Screen() {
  return <ComingSoon title="Libro de Reclamaciones" />;
}
