import { expect, test } from "vitest";

import { demoProducts } from "~/domain/demo-shop/demo-data";
import { demoProductsWithVariants } from "~/domain/demo-shop/demo-variants";

import { makeSeededDataDir, signInAtAdmin, startServer } from "../support/server-process";
import { fileComplaintOverHttp, placeOrderOverHttp, withPglite } from "../support/shop-traffic";

const WORKERS = 4;
const ORDERS_BEFORE_KILL = 16;
const COMPLAINTS_BEFORE_KILL = 5;

test(
  "kill -9 in the middle of orders and complaints loses nothing acknowledged and half-writes nothing",
  { timeout: 90_000 },
  async () => {
    const dataDir = await makeSeededDataDir({ DEMO_ORDERS: "0" });
    // Without the demo orders: the stock below must move by this test's orders alone.
    const server = await startServer({ DATA_DIR: dataDir, DEMO_ORDERS: "0" });
    const orderCodes: string[] = [];
    const complaintCodes: string[] = [];
    let inFlightAtKill = 0;
    let inFlight = 0;
    let killed = false;

    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill = inFlight;
      server.child.kill("SIGKILL");
    };
    const track = async <T>(work: Promise<T>): Promise<T> => {
      inFlight++;
      try {
        return await work;
      } finally {
        inFlight--;
      }
    };

    // Each worker is a shopper after another: mostly orders of two products, every third
    // visit a complaint. Every answer that arrived is recorded, even one read just after the
    // kill: the shop acknowledged it before dying. Requests cut by the kill are not.
    const worker = async (id: number) => {
      for (let visit = 0; !killed; visit++) {
        try {
          if (visit % 3 === 2) {
            const code = await track(fileComplaintOverHttp(server.url, `203.0.${id}.${visit % 250}`));
            complaintCodes.push(code);
          } else {
            const lines = [
              { productId: 3, quantity: 1 + (visit % 3) },
              { productId: 2, quantity: 1 },
            ];
            const code = await track(placeOrderOverHttp(server.url, lines, `Cliente ${id}-${visit}`));
            orderCodes.push(code);
          }
        } catch (error) {
          if (!killed) throw error;
        }
        if (orderCodes.length >= ORDERS_BEFORE_KILL && complaintCodes.length >= COMPLAINTS_BEFORE_KILL) kill();
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
    await server.exited;
    // The kill landed while other shoppers' requests were still being answered.
    expect(inFlightAtKill).toBeGreaterThan(0);

    const stored = await withPglite(dataDir, async (query) => ({
      orders: await query<{ code: string; total_cents: number; line_sum: number | null; bad_lines: number }>(
        `select o.code, o.total_cents - o.delivery_fee_cents as total_cents,
              (select sum(l.line_total_cents)::int from order_lines l where l.order_id = o.id) as line_sum,
              (select count(*)::int from order_lines l
                where l.order_id = o.id and l.line_total_cents <> l.unit_price_cents * l.quantity) as bad_lines
         from orders o`,
      ),
      complaints: await query<{ code: string; sequence: number }>(
        "select code, sequence from complaints order by sequence",
      ),
      variants: await query<{ title: string; name: string; stock: number; sold: number }>(
        `select p.title, v.name, v.stock,
              coalesce((select sum(l.quantity)::int from order_lines l where l.variant_id = v.id), 0) as sold
         from product_variants v join products p on p.id = v.product_id`,
      ),
    }));

    const storedOrderCodes = new Set(stored.orders.map((order) => order.code));
    for (const code of orderCodes) expect(storedOrderCodes, code).toContain(code);
    const storedComplaintCodes = new Set(stored.complaints.map((complaint) => complaint.code));
    for (const code of complaintCodes) expect(storedComplaintCodes, code).toContain(code);

    // Whole orders only: lines present and adding up to the total (without the delivery fee).
    for (const order of stored.orders) {
      expect(order.line_sum, order.code).toBe(order.total_cents);
      expect(order.bad_lines, order.code).toBe(0);
    }
    // Stock moved exactly by what the stored orders took, presentación by presentación.
    for (const item of stored.variants) {
      const initial =
        demoProducts.find((demo) => demo.title === item.title)?.stock ??
        demoProductsWithVariants
          .find((demo) => demo.title === item.title)
          ?.variants.find((size) => size.name === item.name)?.stock;
      expect(item.stock + item.sold, `${item.title} ${item.name}`).toBe(initial);
    }
    // The book stays correlative: 1, 2, 3… with no hole left by the crash.
    expect(stored.complaints.map((complaint) => complaint.sequence)).toEqual(
      stored.complaints.map((_, index) => index + 1),
    );

    // The next start takes over the dead server's lock and serves normally.
    const restarted = await startServer({ DATA_DIR: dataDir, DEMO_ORDERS: "0" });
    try {
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
      await signInAtAdmin(restarted.url);
      await placeOrderOverHttp(restarted.url, [{ productId: 1, quantity: 1 }]);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
  },
);
