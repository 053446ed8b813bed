import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { productVariants, stockAlerts } from "~/db/schema";
import { forgetUnconfirmedStockAlerts, subscribeStockAlert } from "~/domain/catalog/stock-alerts.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs } from "~test/auth";
import { sentMails } from "~test/captured-mail";
import { renderRoute, type RouteModule } from "~test/render-route";
import { setUpTestDatabase } from "~test/test-database";
import { findSizes } from "~test/variants";

import StockAlertConfirm, { action, loader } from "./stock-alert-confirm";

// Issue 41: 'Avísame cuando haya stock' mails one thing first, 'Confirma tu aviso de stock', and
// its link leads here. Opening it shows a button; pressing it confirms the alert.

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
const page: RouteModule = { Page: StockAlertConfirm as never, loader: loader as never, action: action as never };
let collar: { id: number; m: number };

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const sizes = await findSizes(handle().db, "Collar Reflectivo Ajustable");
  collar = { id: sizes.id, m: sizes.ids[1]! };
});

beforeEach(() => {
  sentMails.length = 0;
});

/** Subscribes `email` to the sold-out Talla M and returns the link its confirmation e-mail carries. */
async function subscribeAndReadLink(email: string): Promise<string> {
  expect(await subscribeStockAlert({ productId: collar.id, variantId: collar.m, email })).toBe("subscribed");
  const mail = await vi.waitFor(() => {
    const found = sentMails.find((sent) => sent.to === email);
    expect(found).toBeDefined();
    return found!;
  });
  expect(mail.subject).toBe("Confirma tu aviso de stock");
  expect(mail.text).toContain("Pediste que te avisemos por correo cuando vuelva a haber stock de Collar Reflectivo");
  const url = new URL(/http:\/\/localhost:3000\/aviso-stock\/confirmar\?t=[\w-]+/.exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
}

async function confirmedAtOf(email: string) {
  const [row] = await handle().db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
  return row?.confirmedAt ?? null;
}

describe("the stock alert's confirmation link", () => {
  test("opening it confirms nothing; its button confirms the alert and says 'Listo'", async () => {
    const link = await subscribeAndReadLink("confirma@example.pe");

    const opened = await renderRoute(page, requestAs(null, link));
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Confirma tu aviso de stock");
    expect(opened.html).toContain("Collar Reflectivo Ajustable — Talla M");
    expect(opened.html).toContain("Confirmar el aviso");
    expect(await confirmedAtOf("confirma@example.pe")).toBeNull();

    const confirmed = await renderRoute(page, requestAs(null, link, { method: "POST" }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.toast).toBe("Aviso Confirmado: Listo: te avisaremos cuando vuelva a haber stock.");
    expect(confirmed.html).toContain("Listo: te avisaremos cuando vuelva a haber stock.");
    expect(confirmed.html).not.toContain("Confirmar el aviso");
    expect(await confirmedAtOf("confirma@example.pe")).toBeInstanceOf(Date);

    // Opened again later: still confirmed, and nothing else was mailed.
    expect((await renderRoute(page, requestAs(null, link))).html).toContain(
      "Listo: te avisaremos cuando vuelva a haber stock.",
    );
    expect(sentMails).toHaveLength(1);
  });

  test("confirmed after the stock came back, the alert is mailed at once", async () => {
    const link = await subscribeAndReadLink("tarde@example.pe");
    await handle().db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, collar.m));
    try {
      const confirmed = await renderRoute(page, requestAs(null, link, { method: "POST" }));
      expect(confirmed.html).toContain("Listo: te avisaremos cuando vuelva a haber stock.");
      await vi.waitFor(() =>
        expect(sentMails.map((mail) => mail.subject)).toContain("Ya hay stock: Collar Reflectivo Ajustable — Talla M"),
      );
    } finally {
      await handle().db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, collar.m));
    }
  });

  test("a forged or expired link confirms nothing and says so", async () => {
    const link = await subscribeAndReadLink("vence@example.pe");
    const forged = `${link.slice(0, -3)}xyz`;
    expect((await renderRoute(page, requestAs(null, forged))).html).toContain("Enlace no válido");
    const refused = await renderRoute(page, requestAs(null, forged, { method: "POST" }));
    expect(refused.status).toBe(404);
    expect(refused.html).toContain("Enlace no válido");

    // Eight days later, the same link has expired.
    await handle()
      .db.update(stockAlerts)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(stockAlerts.email, "vence@example.pe"));
    expect((await renderRoute(page, requestAs(null, link, { method: "POST" }))).status).toBe(404);
    expect(await confirmedAtOf("vence@example.pe")).toBeNull();

    // The housekeeping then forgets the address; a confirmed alert, however old, stays.
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await handle().db.insert(stockAlerts).values({
      variantId: collar.m,
      email: "espera@example.pe",
      mailbox: "espera@example.pe",
      token: "t-espera-confirmada",
      confirmedAt: monthAgo,
      createdAt: monthAgo,
    });
    expect(await forgetUnconfirmedStockAlerts(handle().db)).toBe(1);
    const left = (await handle().db.select({ email: stockAlerts.email }).from(stockAlerts)).map((row) => row.email);
    expect(left).not.toContain("vence@example.pe");
    expect(left).toContain("espera@example.pe");
  });
});
