import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Carrito de Compras", matches) },
];

export default function Screen() {
  return <ComingSoon title="Carrito de Compras" />;
}
