// Setup for every Vitest file (vitest.config.ts). The shop's alert e-mails leave right after the
// response that queued them (shop-alerts.server.ts); in the unit suites that background send
// would land in the middle of the tests that count e-mails or log lines. Here the alerts are
// still queued in the event's transaction, but sent only when a test calls
// deliverDueShopAlerts; shop-alerts.server.test.ts turns the background send back on
// (vi.unmock) and tests it.
import { vi } from "vitest";

vi.mock("~/domain/alerts/shop-alerts.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/domain/alerts/shop-alerts.server")>()),
  deliverShopAlertsLater: () => {},
}));
