import type { Response } from "express";
import { href } from "react-router";

import { escapeHtml } from "~/lib/text";

/**
 * A short Spanish page sent before React Router is reached (a refused body, an address that
 * cannot be read, a full render queue): no stylesheet, script or database, so it costs
 * nothing exactly when the shop has nothing to spare.
 */
export function sendPlainPage(
  res: Response,
  status: number,
  page: { title: string; message: string },
  headers: Record<string, string> = {},
): void {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .type("html")
    .send(
      `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title></head>
<body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p><p><a href="${href("/")}">Volver a la tienda</a></p></body>
</html>
`,
    );
}
