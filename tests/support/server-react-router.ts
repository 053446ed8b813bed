import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * React Router as the server runs it: Node's ESM build, which carries patches/react-router's
 * changes (Vitest would load the CommonJS build, which does not).
 */
export async function importServerReactRouter(): Promise<typeof import("react-router")> {
  const file = path.join(process.cwd(), "node_modules/react-router/dist/development/index.mjs");
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof import("react-router");
}
