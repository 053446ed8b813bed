// The end-to-end server: the production build on a fresh DATA_DIR, with a known
// administrator password, on E2E_PORT.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { buildIfStale } from "../../scripts/build-if-stale.js";

const port = process.env.E2E_PORT ?? "4310";
Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  // Known to the tests (tests/e2e/support.ts), which read e-mails from its outbox.
  DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `patitas-e2e-${port}`),
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "clave-e2e-123",
  AUTH_SECRET: "",
  DATABASE_URL: "",
  // The tests read e-mails from the outbox, and the screens say so when there is no server.
  SMTP_URL: "",
  // The tests place their own orders on a shop without the demo ones.
  DEMO_ORDERS: "0",
  // Every page rendered is checked for two classes of one kind joined by cn() (app/lib/cn.ts).
  CHECK_CLASS_CONFLICTS: "1",
  // The specs place dozens of orders an hour and check the shop's e-mail for each: no folding.
  SHOP_ALERTS_PER_HOUR: "100000",
});
// The tests start from an empty shop, so this folder is deleted first: never let a mistyped
// E2E_DATA_DIR (./data, the real shop's) be the one deleted.
const insideTmp = path.relative(tmpdir(), path.resolve(process.env.DATA_DIR));
if (insideTmp === "" || insideTmp.startsWith("..") || path.isAbsolute(insideTmp)) {
  console.error(`E2E_DATA_DIR must be a folder under ${tmpdir()}: the end-to-end tests delete it before they start.`);
  process.exit(1);
}
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
// The payment providers are a local fake on the next port (tests/support/fake-payments.js):
// the shop's SDKs talk to it, and its checkout pages notify this server as the real ones do.
const { startFakePayments } = await import("../support/fake-payments.js");
const fakePayments = await startFakePayments({ port: Number(port) + 1, shopUrl: process.env.APP_URL });
process.env.MERCADOPAGO_API_URL = fakePayments.url;
process.env.STRIPE_API_URL = fakePayments.url;
// And the PSE (Nubefact) on the one after (tests/support/fake-nubefact.js): the owner types its
// RUTA in 'Comprobantes electrónicos', printed here for the specs.
const { startFakeNubefact } = await import("../support/fake-nubefact.js");
await startFakeNubefact({ port: Number(port) + 2 });
buildIfStale();
process.chdir(path.resolve(import.meta.dirname, "../.."));
await import("../../server.js");
