import { data } from "react-router";

import { requireAdmin } from "~/auth/guards.server";

import type { Route } from "./+types/not-found";

// An unknown back-office address is a 404 inside the back office, from the layout's error
// boundary, rather than the storefront's page; a stranger is sent to the sign-in first, as at
// any /admin address.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data(null, { status: 404 });
}

// A page module, not a resource route, so that the 404 renders through the layout's error
// boundary; the loader always throws, so there is nothing of its own to show.
export default function AdminNotFound() {
  return null;
}
