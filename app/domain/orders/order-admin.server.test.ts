import { and, asc, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test } from "vitest";

import { auditLog, orderLines, orders, orderStatusChanges, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/orders/detail";
import { loader as exportLoader } from "~/routes/admin/orders/export";
import { requestAs } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { placeOrder } from "./order.server";
import { parseOrderListQuery, STALE_ORDER_MESSAGE } from "./order-admin";
import { changeOrderStatus, getAdminOrder, listAdminOrders } from "./order-admin.server";
import { exportOrdersWorkbook } from "./order-export.server";

const { handle, adminCookie, adminId } = seededShopWithAdmin();

type Product = typeof products.$inferSelect;
let croquetas: Product;
let raton: Product;
let admin: { id: string };

beforeAll(async () => {
  const { db } = handle();
  admin = { id: adminId() };
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  raton = all.find((product) => product.title.startsWith("Ratón"))!;
});

let phoneCounter = 0;

/** Places a real order (cart, stock taken) and answers its id and code. */
async function orderOf(
  lines: [Product, number][],
  customer: { name?: string; phone?: string; email?: string } = {},
): Promise<{ id: number; code: string }> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  for (const [product, quantity] of lines) {
    expect((await addCartLine(cartId, { productId: product.id, quantity })).status).toBe("added");
  }
  phoneCounter += 1;
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: customer.name ?? "Ana Torres",
    customerPhone: customer.phone ?? `987 654 ${String(phoneCounter).padStart(3, "0")}`,
    customerEmail: customer.email ?? "",
  });
  if (placed.status !== "placed") throw new Error(`order not placed: ${placed.status}`);
  return { id: placed.orderId, code: placed.code };
}

async function stockOf(product: Product): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  return row!.stock;
}

async function statusOf(orderId: number) {
  const [row] = await handle().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

async function setCreatedAt(orderId: number, iso: string) {
  await handle()
    .db.update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, orderId));
}

function postStatus(orderId: number, fields: Record<string, string>) {
  const request = requestAs(adminCookie(), `/admin/pedidos/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "status", ...fields }),
  });
  return detailAction({ request, params: { orderId: String(orderId) }, context: {} } as never);
}

type DataResult = { data: { toast: { title: string; description: string } }; init: { status: number } };

describe("status changes", () => {
  test("Pendiente → En Proceso → Entregado, each recorded with who and when, then final", async () => {
    const order = await orderOf([[raton, 1]]);
    const before = Date.now();

    const toProcess = (await postStatus(order.id, { status: "en_proceso", from: "pendiente" })) as Response;
    expect(toProcess.status).toBe(302);
    expect(toProcess.headers.get("Location")).toBe(`/admin/pedidos/${order.id}`);
    expect(await statusOf(order.id)).toBe("en_proceso");

    expect(await changeOrderStatus(admin, order.id, "entregado", "en_proceso")).toEqual({
      status: "changed",
      code: order.code,
      from: "en_proceso",
      to: "entregado",
    });

    const changes = await handle()
      .db.select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.changedByUserId])).toEqual([
      [null, "pendiente", null],
      ["pendiente", "en_proceso", admin.id],
      ["en_proceso", "entregado", admin.id],
    ]);
    for (const change of changes.slice(1)) {
      expect(change.changedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(change.changedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }

    // The detail shows the history with the admin's username.
    const detail = await getAdminOrder(order.id);
    expect(detail!.history.map((change) => [change.fromStatus, change.toStatus, change.changedBy])).toEqual([
      [null, "pendiente", null],
      ["pendiente", "en_proceso", "admin"],
      ["en_proceso", "entregado", "admin"],
    ]);

    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id))));
    expect(audits.map((entry) => [entry.action, entry.userId, entry.summary])).toEqual([
      ["status", admin.id, { title: order.code, from: "Pendiente", to: "En Proceso" }],
      ["status", admin.id, { title: order.code, from: "En Proceso", to: "Entregado" }],
    ]);

    // Entregado is final: not back to Pendiente, not even cancelled.
    const back = (await postStatus(order.id, { status: "pendiente", from: "entregado" })) as unknown as DataResult;
    expect(back.init.status).toBe(409);
    expect(back.data.toast.description).toBe("El pedido está Entregado y ya no puede cambiar de estado.");
    expect(await changeOrderStatus(admin, order.id, "cancelado")).toMatchObject({ status: "illegal" });
    expect(await statusOf(order.id)).toBe("entregado");
  });

  test("illegal transitions are refused and change nothing", async () => {
    const order = await orderOf([[raton, 1]]);
    // Pendiente cannot skip to Entregado, and nothing goes back to Pendiente.
    expect(await changeOrderStatus(admin, order.id, "entregado")).toEqual({
      status: "illegal",
      from: "pendiente",
      to: "entregado",
    });
    expect(await changeOrderStatus(admin, order.id, "pendiente")).toMatchObject({ status: "illegal" });

    expect((await changeOrderStatus(admin, order.id, "cancelado")).status).toBe("changed");
    for (const target of ["pendiente", "en_proceso", "entregado", "cancelado"] as const) {
      expect(await changeOrderStatus(admin, order.id, target)).toMatchObject({ status: "illegal", from: "cancelado" });
    }
    const refused = (await postStatus(order.id, { status: "en_proceso" })) as unknown as DataResult;
    expect(refused.init.status).toBe(409);
    expect(refused.data.toast.description).toBe("El pedido está Cancelado y ya no puede cambiar de estado.");
    const changes = await handle().db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(changes).toHaveLength(2);
  });

  test("a change made on a stale page is refused with the reload message", async () => {
    const order = await orderOf([[raton, 1]]);
    expect((await changeOrderStatus(admin, order.id, "en_proceso", "pendiente")).status).toBe("changed");
    // Another admin, still seeing 'Pendiente', tries to move it: refused although En Proceso → Cancelado is legal.
    const stale = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as unknown as DataResult;
    expect(stale.init.status).toBe(409);
    expect(stale.data.toast).toMatchObject({ title: "Error", description: STALE_ORDER_MESSAGE });
    expect(await statusOf(order.id)).toBe("en_proceso");
  });

  test("unknown orders and unknown statuses", async () => {
    expect(await changeOrderStatus(admin, 999_999, "cancelado")).toEqual({ status: "not-found" });
    const order = await orderOf([[raton, 1]]);
    const bogus = (await postStatus(order.id, { status: "enviado" })) as unknown as DataResult;
    expect(bogus.init.status).toBe(400);
    expect(await statusOf(order.id)).toBe("pendiente");
  });
});

describe("cancelling returns the stock", () => {
  test("each line's quantity goes back, once, with the success toast", async () => {
    const croquetasBefore = await stockOf(croquetas);
    const ratonBefore = await stockOf(raton);
    const order = await orderOf([
      [croquetas, 2],
      [raton, 3],
    ]);
    expect(await stockOf(croquetas)).toBe(croquetasBefore - 2);
    expect(await stockOf(raton)).toBe(ratonBefore - 3);

    const response = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toContain("patitas_toast=");
    expect(await stockOf(croquetas)).toBe(croquetasBefore);
    expect(await stockOf(raton)).toBe(ratonBefore);

    // A double submit of the same form: refused, the stock stays.
    const again = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as unknown as DataResult;
    expect(again.init.status).toBe(409);
    expect(await stockOf(croquetas)).toBe(croquetasBefore);
    expect(await stockOf(raton)).toBe(ratonBefore);
  });

  test("two admins cancelling at once: the stock comes back once and one of them is refused", async () => {
    const before = await stockOf(croquetas);
    const order = await orderOf([[croquetas, 4]]);
    const results = await Promise.all([
      changeOrderStatus(admin, order.id, "cancelado"),
      changeOrderStatus(admin, order.id, "cancelado"),
    ]);
    expect(results.filter((result) => result.status === "changed")).toHaveLength(1);
    expect(results.filter((result) => result.status === "stale" || result.status === "illegal")).toHaveLength(1);
    expect(await stockOf(croquetas)).toBe(before);
    const cancellations = await handle()
      .db.select()
      .from(orderStatusChanges)
      .where(and(eq(orderStatusChanges.orderId, order.id), eq(orderStatusChanges.toStatus, "cancelado")));
    expect(cancellations).toHaveLength(1);
  });

  test("an in-process order can be cancelled too; a delivered one keeps its units sold", async () => {
    const before = await stockOf(raton);
    const inProcess = await orderOf([[raton, 2]]);
    await changeOrderStatus(admin, inProcess.id, "en_proceso");
    expect((await changeOrderStatus(admin, inProcess.id, "cancelado", "en_proceso")).status).toBe("changed");
    expect(await stockOf(raton)).toBe(before);

    const delivered = await orderOf([[raton, 1]]);
    await changeOrderStatus(admin, delivered.id, "en_proceso");
    await changeOrderStatus(admin, delivered.id, "entregado");
    expect(await stockOf(raton)).toBe(before - 1);
  });
});

describe("the list", () => {
  const query = (search: string) => parseOrderListQuery(new URL(`http://localhost/admin/pedidos?${search}`));

  test("filters by status, Lima day (around midnight) and search", async () => {
    const lateEvening = await orderOf([[raton, 1]], { name: "Lucía Paredes", email: "lucia@example.pe" });
    const justAfterMidnight = await orderOf([[raton, 1]], { name: "Jorge Díaz", phone: "912 345 678" });
    // 23:59 on 9 March in Lima is 04:59 UTC on the 10th; 00:00 on the 10th is 05:00 UTC.
    await setCreatedAt(lateEvening.id, "2020-03-10T04:59:00Z");
    await setCreatedAt(justAfterMidnight.id, "2020-03-10T05:00:00Z");
    await changeOrderStatus(admin, justAfterMidnight.id, "en_proceso");

    const codes = async (search: string) => (await listAdminOrders(query(search))).rows.map((row) => row.code);
    expect(await codes("desde=2020-03-10&hasta=2020-03-10")).toEqual([justAfterMidnight.code]);
    expect(await codes("desde=2020-03-09&hasta=2020-03-09")).toEqual([lateEvening.code]);
    // Newest first.
    expect(await codes("desde=2020-03-09&hasta=2020-03-10")).toEqual([justAfterMidnight.code, lateEvening.code]);
    expect(await codes("hasta=2020-03-09")).toEqual([lateEvening.code]);

    expect(await codes("estado=en_proceso&desde=2020-03-01&hasta=2020-03-31")).toEqual([justAfterMidnight.code]);
    expect(await codes("estado=pendiente&desde=2020-03-01&hasta=2020-03-31")).toEqual([lateEvening.code]);

    expect(await codes(`q=${lateEvening.code}`)).toEqual([lateEvening.code]);
    expect(await codes(`q=${lateEvening.code.toLowerCase()}`)).toEqual([lateEvening.code]);
    expect(await codes("q=lucia")).toEqual([lateEvening.code]);
    expect(await codes("q=LUCIA@EXAMPLE")).toEqual([lateEvening.code]);
    expect(await codes("q=912345678")).toEqual([justAfterMidnight.code]);
    expect(await codes("q=nadie-con-este-nombre")).toEqual([]);

    const [row] = (await listAdminOrders(query(`q=${lateEvening.code}`))).rows;
    expect(row).toMatchObject({ date: "09/03/2020 23:59", status: "pendiente", paymentMethodName: "Yape" });
  });

  test("pages of 25", async () => {
    const all = await listAdminOrders(query(""));
    expect(all.rows.length).toBeLessThanOrEqual(25);
    while ((await listAdminOrders(query(""))).total < 26) await orderOf([[raton, 1]]);
    const first = await listAdminOrders(query(""));
    const second = await listAdminOrders(query("pagina=2"));
    expect(first.rows).toHaveLength(25);
    expect(first.pageCount).toBe(Math.ceil(first.total / 25));
    expect(second.rows[0]!.code).not.toBe(first.rows[0]!.code);
    expect(second.rows.some((row) => first.rows.some((other) => other.code === row.code))).toBe(false);
  });

  test("the list's query string is read defensively", () => {
    expect(query("estado=otro&desde=2026-02-30&hasta=ayer&pagina=-3")).toEqual({
      status: null,
      from: null,
      to: null,
      q: "",
      page: 1,
    });
    expect(query("desde=2026-05-10&hasta=2026-05-01")).toMatchObject({ from: "2026-05-01", to: "2026-05-10" });
  });
});

describe("the export", () => {
  test("one row per line with numbers formatted, for the range and status asked", async () => {
    const first = await orderOf(
      [
        [croquetas, 2],
        [raton, 1],
      ],
      { name: "Rosa Quispe", phone: "955 111 222", email: "rosa@example.pe" },
    );
    const other = await orderOf([[raton, 3]], { name: "Otro Cliente" });
    const outside = await orderOf([[raton, 1]]);
    await setCreatedAt(first.id, "2021-06-01T05:30:00Z"); // 00:30 on 1 June in Lima
    await setCreatedAt(other.id, "2021-06-02T04:00:00Z"); // 23:00 on 1 June in Lima
    await setCreatedAt(outside.id, "2021-06-02T05:00:00Z"); // 2 June in Lima
    await changeOrderStatus(admin, other.id, "cancelado");

    const { bytes, fileName } = await exportOrdersWorkbook({ status: null, from: "2021-06-01", to: "2021-06-01" });
    expect(fileName).toBe("pedidos-2021-06-01-2021-06-01.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.getWorksheet("Pedidos")!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Código",
      "Fecha",
      "Cliente",
      "Teléfono",
      "Correo",
      "Estado",
      "Método de pago",
      "Producto",
      "Cantidad",
      "Precio unitario",
      "Total de la línea",
      "Total del pedido",
    ]);
    expect(sheet.rowCount).toBe(4);
    const croquetasUnit = getUnitPriceCents(croquetas) / 100;
    const firstTotal = (2 * getUnitPriceCents(croquetas) + getUnitPriceCents(raton)) / 100;
    const line = sheet.getRow(2);
    expect(line.getCell(1).value).toBe(first.code);
    // The Lima wall-clock time, as Excel reads dates.
    expect(line.getCell(2).value).toEqual(new Date("2021-06-01T00:30:00Z"));
    expect(line.getCell(2).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect([3, 4, 5, 6, 7, 8].map((column) => line.getCell(column).value)).toEqual([
      "Rosa Quispe",
      "955 111 222",
      "rosa@example.pe",
      "Pendiente",
      "Yape",
      croquetas.title,
    ]);
    expect(line.getCell(9).value).toBe(2);
    expect(line.getCell(10).value).toBe(croquetasUnit);
    expect(line.getCell(11).value).toBe(Math.round(2 * croquetasUnit * 100) / 100);
    expect(line.getCell(12).value).toBe(firstTotal);
    for (const column of [10, 11, 12]) expect(line.getCell(column).numFmt).toBe('"S/" #,##0.00');
    expect(sheet.getRow(3).getCell(8).value).toBe(raton.title);
    expect(sheet.getRow(3).getCell(12).value).toBe(firstTotal);
    expect(sheet.getRow(4).getCell(1).value).toBe(other.code);
    expect(sheet.getRow(4).getCell(6).value).toBe("Cancelado");

    const cancelledOnly = await exportOrdersWorkbook({ status: "cancelado", from: "2021-06-01", to: "2021-06-02" });
    const filtered = new ExcelJS.Workbook();
    await filtered.xlsx.load(cancelledOnly.bytes.buffer as ArrayBuffer);
    const filteredSheet = filtered.getWorksheet("Pedidos")!;
    expect(filteredSheet.rowCount).toBe(2);
    expect(filteredSheet.getRow(2).getCell(1).value).toBe(other.code);
  });

  test("orders over several pages come out whole, once each, oldest first, lines in order", async () => {
    // The export reads 500 orders' lines at a time: 1,234 orders cross three pages. Many share
    // one instant, so the order within it comes from the id. No other test uses this day.
    const { db } = handle();
    const placed = await db
      .insert(orders)
      .values(
        Array.from({ length: 1_234 }, (_, n) => ({
          code: `PRUEBA-${String(n).padStart(5, "0")}`,
          paymentMethodName: "Yape",
          totalCents: 300,
          createdAt: new Date(Date.UTC(2019, 7, 15, 15, Math.floor((1_233 - n) / 100))),
        })),
      )
      .returning({ id: orders.id, code: orders.code, createdAt: orders.createdAt });
    await db.insert(orderLines).values(
      placed.flatMap((order) => [
        { orderId: order.id, title: `${order.code} primera`, unitPriceCents: 100, quantity: 1, lineTotalCents: 100 },
        { orderId: order.id, title: `${order.code} segunda`, unitPriceCents: 200, quantity: 1, lineTotalCents: 200 },
      ]),
    );
    try {
      const { bytes } = await exportOrdersWorkbook({ status: null, from: "2019-08-15", to: "2019-08-15" });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
      const titles: unknown[] = [];
      workbook.getWorksheet("Pedidos")!.eachRow((row, number) => number > 1 && titles.push(row.getCell(8).value));
      const expected = [...placed]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
        .flatMap((order) => [`${order.code} primera`, `${order.code} segunda`]);
      expect(titles).toHaveLength(2 * 1_234);
      expect(titles).toEqual(expected);
    } finally {
      await db.delete(orders).where(
        inArray(
          orders.id,
          placed.map((order) => order.id),
        ),
      );
    }
  }, 60_000);

  test("the route answers an .xlsx download named after the range", async () => {
    const request = requestAs(
      adminCookie(),
      "/admin/pedidos/exportar?desde=2021-06-01&hasta=2021-06-02&estado=pendiente",
    );
    const response = (await exportLoader({ request, params: {}, context: {} } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="pedidos-2021-06-01-2021-06-02.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    // The first order's two lines and the 2 June order; the cancelled one is filtered out.
    expect(workbook.getWorksheet("Pedidos")!.rowCount).toBe(4);
  });
});

describe("the detail", () => {
  test("shows the lines, the contact and a WhatsApp reply link", async () => {
    const order = await orderOf([[raton, 2]], { name: "Carla Ramos", phone: "999 888 777", email: "carla@example.pe" });
    const request = requestAs(adminCookie(), `/admin/pedidos/${order.id}`);
    const result = (await detailLoader({ request, params: { orderId: String(order.id) }, context: {} } as never)) as {
      order: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
    };
    expect(result.order).toMatchObject({
      code: order.code,
      customerName: "Carla Ramos",
      customerEmail: "carla@example.pe",
    });
    expect(result.order.lines).toEqual([
      expect.objectContaining({ title: raton.title, quantity: 2, lineTotalCents: 2 * getUnitPriceCents(raton) }),
    ]);
    const url = new URL(result.order.whatsappUrl!);
    expect(url.origin + url.pathname).toBe("https://wa.me/51999888777");
    expect(url.searchParams.get("text")).toMatch(
      new RegExp(`^Hola Carla Ramos, te escribimos de .+ sobre tu pedido ${order.code}\\.$`),
    );
  });

  test("an unknown order goes back to the list with 'Pedido no encontrado.'", async () => {
    const request = requestAs(adminCookie(), "/admin/pedidos/999999");
    const thrown = await detailLoader({ request, params: { orderId: "999999" }, context: {} } as never).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/pedidos");
  });
});
