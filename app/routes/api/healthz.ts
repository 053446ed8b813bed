import { checkDatabase } from "~/db/health.server";

/** 200 when the server answers and the database runs a query; 503 otherwise. */
export async function loader() {
  const isDatabaseUp = await checkDatabase();
  return Response.json(
    { status: isDatabaseUp ? "ok" : "error", database: isDatabaseUp ? "ok" : "error" },
    { status: isDatabaseUp ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
