import { data } from "react-router";

import { pageTitle } from "~/domain/content/seo";
import { StatusMessage } from "~/ui/layout/status-page";

import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Página no encontrada", matches) },
  { name: "robots", content: "noindex" },
];

// Inside the store layout, so that a wrong address still shows the header and footer.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <StatusMessage status={404} />;
}
