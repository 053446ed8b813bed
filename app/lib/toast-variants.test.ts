// Issue 25: success looks like success everywhere. Every toast the app writes as a literal
// ({ title: "…", …, variant: … }) is read from the source: a title that announces something
// done is never red, and a title that announces an error always is.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

type ToastLiteral = { file: string; title: string; variant: string };

/** The object literal that starts at `title:`: to its closing brace (by indentation when it spans lines). */
function objectAfter(text: string, start: number): string {
  const lineStart = text.lastIndexOf("\n", start) + 1;
  const indent = start - lineStart;
  const lineEnd = text.indexOf("\n", start);
  const firstLine = text.slice(start, lineEnd === -1 ? undefined : lineEnd);
  if (/\}/.test(firstLine.replace(/\$\{[^}]*\}/g, ""))) return firstLine;
  const rest = text.slice(start).split("\n");
  const body: string[] = [];
  for (const line of rest) {
    if (body.length > 0 && /^\s*\}/.test(line) && line.search(/\S/) < indent) break;
    body.push(line);
  }
  return body.join("\n");
}

/** `title: "…"` and the `variant` written in the same object literal ("default" when none, "dynamic" when computed). */
function toastLiterals(): ToastLiteral[] {
  const found: ToastLiteral[] = [];
  for (const file of sourceFiles(appDir)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\btitle:\s*"([^"]+)"/g)) {
      const body = objectAfter(text, match.index);
      const line = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index);
      // formFailure() always shows its toast as an error (lib/form.server.ts).
      const isRefusal = line.includes("formFailure(");
      const literal = /\bvariant:\s*"(\w+)"/.exec(body)?.[1];
      const variant = isRefusal ? "destructive" : (literal ?? (/\bvariant\b/.test(body) ? "dynamic" : "default"));
      found.push({ file: path.relative(appDir, file), title: match[1]!, variant });
    }
  }
  return found;
}

/** The spec's own exception: the cart's 'Producto Eliminado' is red ("destructive style"). */
const SPEC_RED_SUCCESS = new Set(["Producto Eliminado"]);

const SUCCESS =
  /^(¡.*!|.*(Guardad|Actualizad|Agregad|Enviad|Cread|Registrad|Eliminad|Restaurad|Importad|Publicad|Copiad)[oa]s?\b.*)$/u;
/** 'Error', 'Error de Validación', 'Copia No Enviada': a refusal or a failure. */
const FAILURE = /^Error\b|\bNo\b/u;

test("the toasts are found: the check reads the real source", () => {
  const titles = toastLiterals().map((toast) => toast.title);
  expect(titles).toContain("Respuesta Guardada");
  expect(titles).toContain("¡Producto Agregado!");
  expect(titles.length).toBeGreaterThan(40);
});

test("a toast that says something was done is never red; one that says 'Error' always is", () => {
  const isSpecException = (toast: ToastLiteral) =>
    SPEC_RED_SUCCESS.has(toast.title) && toast.file === path.join("domain", "cart", "cart.ts");
  const wrong = toastLiterals().filter((toast) => {
    if (toast.variant === "dynamic" || isSpecException(toast)) return false;
    const isFailure = FAILURE.test(toast.title);
    if (isFailure) return toast.variant !== "destructive";
    return SUCCESS.test(toast.title) && toast.variant === "destructive";
  });
  expect(wrong).toEqual([]);
});
