import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test } from "vitest";

import { orderLines, orders, products } from "~/db/schema";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { loader as exportLoader } from "~/routes/admin/orders/export";
import { requestAs } from "~test/auth";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import { changeOrderStatus } from "./order-admin.server";
import { exportOrdersWorkbook } from "./order-export.server";
import { markOrderPaid } from "./order-payment-admin.server";

const { handle, adminCookie, adminId } = seededShopWithAdmin();

type Product = typeof products.$inferSelect;
let croquetas: Product;
let raton: Product;
let admin: { id: string };

const HEADERS = [
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
  "Subtotal de productos",
  "Descuentos",
  "Descuentos aplicados",
  "Total del pedido",
  "Entrega",
  "Distrito",
  "Dirección",
  "Referencia",
  "Costo de envío",
  "Comprobante",
  "Documento",
  "Razón social",
  "Dirección fiscal",
  "Pago",
  "Pagado el",
  "Monto pagado",
  "Operación",
];
const column = (header: string) => HEADERS.indexOf(header) + 1;

beforeAll(async () => {
  const { db } = handle();
  admin = { id: adminId() };
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  raton = all.find((product) => product.title.startsWith("Ratón"))!;
  await setVariantValues(db, [croquetas.id, raton.id], { stock: 5000 });
});

function orderOf(lines: [Product, number][], options: Omit<TestOrderInput, "lines"> = {}) {
  return insertTestOrder(handle().db, {
    ...options,
    lines: lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
  });
}

async function readSheet(bytes: Uint8Array | ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((bytes instanceof Uint8Array ? bytes.buffer : bytes) as ArrayBuffer);
  return workbook.getWorksheet("Pedidos")!;
}

describe("the export", () => {
  test("one row per line with numbers formatted, for the range and status asked", async () => {
    const first = await orderOf(
      [
        [croquetas, 2],
        [raton, 1],
      ],
      {
        createdAt: new Date("2021-06-01T05:30:00Z"), // 00:30 on 1 June in Lima
        columns: { customerName: "Rosa Quispe", customerPhone: "955 111 222", customerEmail: "rosa@example.pe" },
      },
    );
    const other = await orderOf([[raton, 3]], {
      createdAt: new Date("2021-06-02T04:00:00Z"), // 23:00 on 1 June in Lima
      columns: { customerName: "Otro Cliente" },
    });
    await orderOf([[raton, 1]], { createdAt: new Date("2021-06-02T05:00:00Z") }); // 2 June in Lima
    await changeOrderStatus(admin, other.id, "cancelado");

    const { bytes, fileName } = await exportOrdersWorkbook({ status: null, from: "2021-06-01", to: "2021-06-01" });
    expect(fileName).toBe("pedidos-2021-06-01-2021-06-01.xlsx");
    const sheet = await readSheet(bytes);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(sheet.rowCount).toBe(4);
    const croquetasUnit = getUnitPriceCents(croquetas) / 100;
    const firstTotal = (2 * getUnitPriceCents(croquetas) + getUnitPriceCents(raton)) / 100;
    const line = sheet.getRow(2);
    expect(line.getCell(1).value).toBe(first.code);
    // The Lima wall-clock time, as Excel reads dates.
    expect(line.getCell(2).value).toEqual(new Date("2021-06-01T00:30:00Z"));
    expect(line.getCell(2).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect([3, 4, 5, 6, 7, 8].map((index) => line.getCell(index).value)).toEqual([
      "Rosa Quispe",
      "955 111 222",
      "rosa@example.pe",
      "Pendiente de pago",
      "Yape",
      croquetas.title,
    ]);
    expect(line.getCell(9).value).toBe(2);
    expect(line.getCell(10).value).toBe(croquetasUnit);
    expect(line.getCell(11).value).toBe(Math.round(2 * croquetasUnit * 100) / 100);
    expect(line.getCell(column("Subtotal de productos")).value).toBe(firstTotal);
    expect(line.getCell(column("Descuentos")).value).toBe(0);
    expect(line.getCell(column("Descuentos aplicados")).value).toBeNull();
    expect(line.getCell(column("Total del pedido")).value).toBe(firstTotal);
    const moneyColumns = ["Precio unitario", "Total de la línea", "Subtotal de productos", "Descuentos"];
    for (const index of [...moneyColumns, "Total del pedido", "Costo de envío", "Monto pagado"].map(column)) {
      expect(line.getCell(index).numFmt).toBe('"S/" #,##0.00');
    }
    expect(sheet.getRow(3).getCell(8).value).toBe(raton.title);
    expect(sheet.getRow(3).getCell(column("Total del pedido")).value).toBe(firstTotal);
    expect(sheet.getRow(4).getCell(1).value).toBe(other.code);
    expect(sheet.getRow(4).getCell(6).value).toBe("Cancelado");

    const cancelledOnly = await exportOrdersWorkbook({ status: "cancelado", from: "2021-06-01", to: "2021-06-02" });
    const filtered = await readSheet(cancelledOnly.bytes);
    expect(filtered.rowCount).toBe(2);
    expect(filtered.getRow(2).getCell(1).value).toBe(other.code);
  });

  test("delivery, document and payment columns, and the list's payment and delivery filters", async () => {
    const delivered = await orderOf([[raton, 1]], {
      createdAt: new Date("2021-07-01T15:00:00Z"),
      columns: {
        fulfillment: "delivery",
        deliveryDistrict: "Barranco",
        customerAddress: "Jr. Unión 12",
        deliveryReference: "Portón verde",
        deliveryFeeCents: 700,
        comprobante: "factura",
        documentType: "ruc",
        documentNumber: "20100047218",
        businessName: "Mascotas del Sur S.A.C.",
        fiscalAddress: "Jr. Lampa 456, Lima",
      },
    });
    await markOrderPaid(admin, delivered.id, { methodName: "Plin", amountCents: 2550, operation: "OP-77" });
    const [paidRow] = await handle()
      .db.select({ paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, delivered.id));
    const pickup = await orderOf([[raton, 1]], {
      createdAt: new Date("2021-07-01T16:00:00Z"),
      columns: { fulfillment: "pickup", comprobante: "boleta", documentType: "dni", documentNumber: "45678912" },
    });
    const old = await orderOf([[raton, 1]], { createdAt: new Date("2021-07-01T17:00:00Z") });

    const range = { status: null, from: "2021-07-01", to: "2021-07-01" };
    const sheet = await readSheet((await exportOrdersWorkbook(range)).bytes);
    const cells = (row: number) =>
      Object.fromEntries(
        HEADERS.slice(HEADERS.indexOf("Entrega")).map((header) => [
          header,
          sheet.getRow(row).getCell(column(header)).value,
        ]),
      );
    expect(sheet.getRow(2).getCell(1).value).toBe(delivered.code);
    expect(cells(2)).toEqual({
      Entrega: "Delivery",
      Distrito: "Barranco",
      Dirección: "Jr. Unión 12",
      Referencia: "Portón verde",
      "Costo de envío": 7,
      Comprobante: "Factura",
      Documento: "RUC 20100047218",
      "Razón social": "Mascotas del Sur S.A.C.",
      "Dirección fiscal": "Jr. Lampa 456, Lima",
      Pago: "Pagado",
      "Pagado el": expect.any(Date),
      "Monto pagado": 25.5,
      Operación: "OP-77",
    });
    // Lima wall-clock time, as Excel reads dates (to the second: Excel keeps no more).
    const paidAt = sheet.getRow(2).getCell(column("Pagado el"));
    expect(Math.abs((paidAt.value as Date).getTime() - (paidRow!.paidAt!.getTime() - 5 * 3600_000))).toBeLessThan(1000);
    expect(paidAt.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getRow(3).getCell(1).value).toBe(pickup.code);
    expect(cells(3)).toMatchObject({
      Entrega: "Recojo en tienda",
      "Costo de envío": 0,
      Comprobante: "Boleta",
      Documento: "DNI 45678912",
      Pago: "Sin pagar",
    });
    expect(sheet.getRow(4).getCell(1).value).toBe(old.code);
    // Empty cells read back as null.
    expect(cells(4)).toMatchObject({ Entrega: null, Comprobante: null, Documento: null, Pago: "Sin pagar" });

    const codesOf = async (query: object) => {
      const filtered = await readSheet((await exportOrdersWorkbook({ ...range, ...query })).bytes);
      const codes: unknown[] = [];
      filtered.eachRow((row, number) => number > 1 && codes.push(row.getCell(1).value));
      return codes;
    };
    expect(await codesOf({ payment: "pagado" })).toEqual([delivered.code]);
    expect(await codesOf({ payment: "sin-pagar" })).toEqual([pickup.code, old.code]);
    expect(await codesOf({ fulfillment: "recojo" })).toEqual([pickup.code]);
  });

  test("each order's discounts, so that its products less its discounts plus delivery is its total", async () => {
    const unit = getUnitPriceCents(croquetas);
    const discounted = await orderOf(
      [
        [croquetas, 2],
        [raton, 1],
      ],
      {
        createdAt: new Date("2021-08-03T15:00:00Z"),
        columns: { fulfillment: "delivery", deliveryDistrict: "Surco", deliveryFeeCents: 1000 },
        discounts: [
          { name: "Bienvenida", code: "BIENVENIDA20", kind: "percent", amountCents: 1298 },
          { name: "Delivery gratis desde S/ 100", code: null, kind: "free_delivery", amountCents: 1000 },
        ],
      },
    );
    const plain = await orderOf([[raton, 1]], { createdAt: new Date("2021-08-03T16:00:00Z") });
    const sheet = await readSheet(
      (await exportOrdersWorkbook({ status: null, from: "2021-08-03", to: "2021-08-03" })).bytes,
    );
    const cells = (row: number) =>
      Object.fromEntries(
        [
          "Código",
          "Subtotal de productos",
          "Descuentos",
          "Descuentos aplicados",
          "Costo de envío",
          "Total del pedido",
        ].map((header) => [header, sheet.getRow(row).getCell(column(header)).value]),
      );
    const subtotal = (2 * unit + getUnitPriceCents(raton)) / 100;
    const expected = {
      Código: discounted.code,
      "Subtotal de productos": subtotal,
      Descuentos: 22.98,
      "Descuentos aplicados": "Cupón BIENVENIDA20: −S/\u00a012.98; Delivery gratis desde S/ 100: −S/\u00a010.00",
      "Costo de envío": 10,
      "Total del pedido": discounted.totalCents / 100,
    };
    // Every line of the order repeats its sums.
    expect(cells(2)).toEqual(expected);
    expect(cells(3)).toEqual(expected);
    expect(Math.round((subtotal - 22.98 + 10) * 100)).toBe(discounted.totalCents);
    expect(cells(4)).toMatchObject({
      Código: plain.code,
      "Subtotal de productos": getUnitPriceCents(raton) / 100,
      Descuentos: 0,
      "Descuentos aplicados": null,
    });
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
      const titles: unknown[] = [];
      (await readSheet(bytes)).eachRow((row, number) => number > 1 && titles.push(row.getCell(8).value));
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
    // The first order's two lines and the 2 June order; the cancelled one is filtered out.
    expect((await readSheet(await response.arrayBuffer())).rowCount).toBe(4);
  });
});
