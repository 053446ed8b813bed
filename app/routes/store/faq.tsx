import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Preguntas Frecuentes", matches) },
];

export default function Screen() {
  return <ComingSoon title="Preguntas Frecuentes" />;
}
