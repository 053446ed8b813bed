import type { Route } from "./+types/instant-search";
import { instantSearchAnswer, instantSearchHeaders } from "./instant-search-answer.server";

/**
 * GET /api/buscar?q=…: the header box's instant results (issue 27), up to six products and
 * services with what the panel shows. Any input gives a JSON answer (the engine cuts and
 * normalises it). The page cache answers it without React Router (server/app.ts, ADR 074); this
 * loader serves it when the cache is off or the request may not be shared.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const json = await instantSearchAnswer(new URL(request.url).searchParams, context);
  return new Response(json, { headers: instantSearchHeaders() });
}
