// The end-to-end tests drive Debian's Chromium; a browser is never downloaded by
// Playwright. They run on Debian's headless shell of it (package chromium-headless-shell, the
// same Chromium build without the full browser's windowing and compositing, which took a third
// of the suite's time: ADR 050), installed with apt-get when missing (the machine is root).
// CHROMIUM_PATH chooses another binary, e.g. /usr/bin/chromium, Debian's full Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

/** The browser the end-to-end tests launch: CHROMIUM_PATH, else the headless shell, else the full Chromium. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  (existsSync(HEADLESS_SHELL) || !existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM);

export function ensureChromium() {
  if (existsSync(process.env.CHROMIUM_PATH || HEADLESS_SHELL)) return;
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  console.log(`${HEADLESS_SHELL} is missing: installing Debian's chromium-headless-shell with apt-get…`);
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) =>
    spawnSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  const installed =
    run(["apt-get", "update", "-qq"]) &&
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"]);
  if (installed && existsSync(HEADLESS_SHELL)) return;
  if (existsSync(FULL_CHROMIUM)) {
    console.warn(`Could not install chromium-headless-shell: the tests run on ${FULL_CHROMIUM}, about a third slower.`);
    return;
  }
  console.error(
    `Could not install Chromium. Install Debian's 'chromium-headless-shell' package (or set CHROMIUM_PATH) and run npm test again.`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
