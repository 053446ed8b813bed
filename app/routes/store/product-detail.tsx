import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/product-detail";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Detalle del Producto", matches) },
];

export default function Screen() {
  return <ComingSoon title="Detalle del Producto" />;
}
