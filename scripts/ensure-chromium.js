// The end-to-end tests drive Debian's Chromium; a browser is never downloaded by
// Playwright. Install it with apt-get when it is missing (the machine is root).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get…`);
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) =>
    spawnSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  const installed =
    run(["apt-get", "update", "-qq"]) &&
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]);
  if (!installed || !existsSync(CHROMIUM_PATH)) {
    console.error(
      `Could not install Chromium. Install Debian's 'chromium' package (or set CHROMIUM_PATH) and run npm test again.`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
