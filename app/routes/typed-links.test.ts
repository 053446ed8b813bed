import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";
import { describe, expect, test } from "vitest";

import { listRoutes } from "~test/site-map";

// Internal links go through React Router's typed `href()` (or a helper over it, such as
// ~/domain/catalog/catalog-paths), so renaming a URL in app/routes.ts fails the typecheck
// everywhere it is linked. This test refuses a hand-written route string coming back: any
// string or template literal in app/ (outside the site map and the tests) that starts with
// '/' and matches a route of the site map, unless it is the pattern handed to `href()`.

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
// Files served from public/ or by the image route, not routes of the site map.
const ASSET_PREFIXES = ["/assets/", "/images/", "/uploads/", "/favicon", "/fonts/"];

// The 404 pages' catch-all routes ('*', 'admin/*') would match any path at all.
const patterns = listRoutes()
  .filter((route) => !route.file.endsWith("not-found.tsx"))
  .map((route) => route.path.split("/").filter(Boolean));

function matchesSegments(pattern: string[], segments: string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0;
  if (head === "*") return true;
  if (head.startsWith(":") && head.endsWith("?")) {
    return matchesSegments(rest, segments) || (segments.length > 0 && matchesSegments(rest, segments.slice(1)));
  }
  const [segment, ...others] = segments;
  if (segment === undefined) return false;
  // React Router matches static segments case-insensitively.
  if (!head.startsWith(":") && head.toLowerCase() !== segment.toLowerCase()) return false;
  return matchesSegments(rest, others);
}

/** Whether a literal's text (template placeholders as 'x') is the path of a route. */
function isRouteString(text: string): boolean {
  if (!text.startsWith("/") || text.startsWith("//")) return false;
  if (ASSET_PREFIXES.some((prefix) => text.startsWith(prefix))) return false;
  const path = text.split(/[?#]/)[0]!;
  // The bare root is also a cookie's path, a separator and the prefix every same-site
  // address starts with; links to the home page use href("/") all the same.
  if (path === "/") return false;
  const segments = path.split("/").filter(Boolean);
  return patterns.some((pattern) => matchesSegments(pattern, segments));
}

function isHrefPattern(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isCallExpression(parent) &&
    parent.arguments[0] === node &&
    ts.isIdentifier(parent.expression) &&
    parent.expression.text === "href"
  );
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join("");
  }
  return null;
}

/** The hand-written route strings of a source file, as 'line: text'. */
function findRouteStrings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== null && !isHrefPattern(node) && isRouteString(text)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push(`${line}: ${text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function listSourceFiles(): string[] {
  return readdirSync(APP_DIR, { recursive: true, encoding: "utf8" })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && path !== "routes.ts")
    .sort();
}

describe("typed links", () => {
  test("the scan finds a route written by hand, and lets href() patterns and assets through", () => {
    const source = [
      'const a = <Link to="/carrito">Carrito</Link>;',
      "const b = redirect(`/producto/${id}`);",
      'const c = "/auth?tab=registro";',
      'const d = href("/admin/pedidos/:orderId", { orderId: "1" });',
      'const e = "/images/og-default.png";',
      'const f = "/no-es-una-ruta";',
    ].join("\n");
    expect(findRouteStrings("sample.tsx", source)).toEqual(["1: /carrito", "2: /producto/x", "3: /auth?tab=registro"]);
  });

  test("no file of app/ writes an internal route by hand", () => {
    const offenders = listSourceFiles().flatMap((path) =>
      findRouteStrings(path, readFileSync(join(APP_DIR, path), "utf8")).map((hit) => `app/${path}:${hit}`),
    );
    expect(offenders, "build these with href() from react-router (or ~/domain/catalog/catalog-paths)").toEqual([]);
  });
});
