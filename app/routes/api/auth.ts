import { getAuth } from "~/auth/auth.server";
import type { Route } from "./+types/auth";

// better-auth's own endpoints (/api/auth/*), used by the account screens.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
