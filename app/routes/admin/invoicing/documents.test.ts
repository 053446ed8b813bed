import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test } from "vitest";

import { electronicDocuments, products } from "~/db/schema";
import { getLimaMonth } from "~/domain/invoicing/document-list";
import { requestAs, signUpCustomer } from "~test/auth";
import { insertTestOrder, type TestOrder } from "~test/orders";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import DocumentsPage, { loader } from "./documents";
import { loader as exportLoader } from "./export";

// /admin/comprobantes and its registro de ventas (issue 46): the documents of a Lima month,
// filtered by kind and status, and the .xlsx an accountant reads.

const { handle, adminCookie } = seededShopWithAdmin();
let productId: number;
let customerCookie: string;
let boletaOrder: TestOrder;
let facturaOrder: TestOrder;

type DocumentInput = Partial<typeof electronicDocuments.$inferInsert> &
  Pick<typeof electronicDocuments.$inferInsert, "orderId" | "kind" | "series" | "number" | "issuedAt">;

async function insertDocument(input: DocumentInput): Promise<number> {
  const [row] = await handle()
    .db.insert(electronicDocuments)
    .values({
      customerDocType: "1",
      customerDocNumber: "45678912",
      customerName: "Ana Torres",
      lines: [],
      gravadaCents: 5500,
      igvCents: 990,
      totalCents: 6490,
      status: "accepted",
      ...input,
    })
    .returning({ id: electronicDocuments.id });
  return row!.id;
}

async function newOrder(): Promise<TestOrder> {
  return insertTestOrder(handle().db, { lines: [{ productId, quantity: 1 }], status: "pagado" });
}

beforeAll(async () => {
  const { db } = handle();
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 5000 });
  customerCookie = await signUpCustomer("curioso-comprobantes@example.pe");

  boletaOrder = await newOrder();
  facturaOrder = await newOrder();
  const boletaId = await insertDocument({
    orderId: boletaOrder.id,
    kind: "boleta",
    series: "B001",
    number: 12,
    issuedAt: new Date("2026-11-10T15:00:00Z"),
    pdfUrl: "https://pse.example/b001-12.pdf",
    xmlUrl: "https://pse.example/b001-12.xml",
    cdrUrl: "https://pse.example/b001-12.cdr",
  });
  await insertDocument({
    orderId: (await newOrder()).id,
    kind: "boleta",
    series: "B001",
    number: 13,
    status: "rejected",
    customerDocType: "-",
    customerDocNumber: "",
    customerName: "Cliente varios",
    gravadaCents: 847,
    igvCents: 153,
    totalCents: 1000,
    sunatDescription: "El dato ingresado como número de documento del receptor no es válido",
    issuedAt: new Date("2026-11-15T15:00:00Z"),
  });
  await insertDocument({
    orderId: (await newOrder()).id,
    kind: "boleta",
    series: "B001",
    number: 14,
    status: "error",
    gravadaCents: 1694,
    igvCents: 306,
    totalCents: 2000,
    lastError: "El campo cliente_numero_de_documento es inválido",
    issuedAt: new Date("2026-11-18T15:00:00Z"),
  });
  await insertDocument({
    orderId: boletaOrder.id,
    kind: "nota_credito",
    series: "BC01",
    number: 3,
    modifiesId: boletaId,
    creditReason: "01",
    issuedAt: new Date("2026-11-20T17:00:00Z"),
  });
  // 23:30 on 30 November in Lima, already 1 December in UTC: a November document.
  await insertDocument({
    orderId: facturaOrder.id,
    kind: "factura",
    series: "F001",
    number: 7,
    status: "sent",
    customerDocType: "6",
    customerDocNumber: "20123456789",
    customerName: "Mascotas del Sur S.A.C.",
    gravadaCents: 10_000,
    igvCents: 1800,
    exoneradaCents: 2000,
    totalCents: 13_800,
    issuedAt: new Date("2026-12-01T04:30:00Z"),
  });
  // Midnight of 1 December in Lima: December's.
  await insertDocument({
    orderId: (await newOrder()).id,
    kind: "boleta",
    series: "B001",
    number: 15,
    issuedAt: new Date("2026-12-01T05:00:00Z"),
  });
});

type Loaded = Awaited<ReturnType<typeof loader>>;

function load(search: string, cookie: string | null = adminCookie()): Promise<Loaded> {
  return loader({ request: requestAs(cookie, `/admin/comprobantes${search}`), params: {}, context: {} } as never);
}

function exportOf(search: string, cookie: string | null = adminCookie()): Promise<Response> {
  const request = requestAs(cookie, `/admin/comprobantes/exportar${search}`);
  return exportLoader({ request, params: {}, context: {} } as never);
}

/** Where a guard sends a call it refuses, or 'allowed'. */
async function refusedTo(call: () => unknown): Promise<string> {
  try {
    await call();
    return "allowed";
  } catch (thrown) {
    return thrown instanceof Response ? `${thrown.status} ${thrown.headers.get("Location")}` : "allowed";
  }
}

/** The page's text without tags, spaces joined. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");
}

async function render(search: string) {
  return renderRoute(
    { Page: DocumentsPage, loader, action: () => null } as never,
    requestAs(adminCookie(), `/admin/comprobantes${search}`),
  );
}

async function readRegister(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook.getWorksheet("Registro de ventas")!;
}

const numbersOf = (loaded: Loaded) => loaded.rows.map((row) => row.number);

describe("who may open it", () => {
  test("a visitor and a customer are sent to /admin, from the list and from the export", async () => {
    for (const cookie of [null, customerCookie]) {
      expect(await refusedTo(() => load("?mes=2026-11", cookie))).toBe("302 /admin");
      expect(await refusedTo(() => exportOf("?mes=2026-11", cookie))).toBe("302 /admin");
    }
  });
});

describe("the list", () => {
  test("a Lima month, newest first: 23:30 of 30 November is November's, midnight of 1 December is not", async () => {
    const november = await load("?mes=2026-11");
    expect(numbersOf(november)).toEqual(["F001-7", "BC01-3", "B001-14", "B001-13", "B001-12"]);
    expect(november.total).toBe(5);
    expect(november.summary).toBe("5 comprobantes en noviembre de 2026");
    const december = await load("?mes=2026-12");
    expect(numbersOf(december)).toEqual(["B001-15"]);
  });

  test("the kind and status filters", async () => {
    expect(numbersOf(await load("?mes=2026-11&tipo=factura"))).toEqual(["F001-7"]);
    expect(numbersOf(await load("?mes=2026-11&tipo=nota_credito"))).toEqual(["BC01-3"]);
    expect(numbersOf(await load("?mes=2026-11&estado=rejected"))).toEqual(["B001-13"]);
    expect(numbersOf(await load("?mes=2026-11&tipo=boleta&estado=accepted"))).toEqual(["B001-12"]);
    const typed = await load("?mes=2026-11&tipo=boleta&estado=error");
    expect(typed.summary).toBe("1 comprobante en noviembre de 2026 · Boleta · Rechazado por el PSE");
  });

  test("each row as the owner reads it, without JavaScript", async () => {
    const { status, html } = await render("?mes=2026-11");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Comprobantes Electrónicos");
    expect(text).toContain("30/11/2026 23:30 Mascotas del Sur S.A.C. RUC 20123456789");
    expect(text).toContain("Ana Torres DNI 45678912");
    expect(text).toContain("Cliente varios Sin documento");
    expect(text).toContain("Nota de crédito Modifica B001-12");
    expect(text).toContain("-S/ 64.90");
    expect(text).toContain("Rechazado por SUNAT El dato ingresado como número de documento del receptor no es válido");
    expect(text).toContain("Rechazado por el PSE El campo cliente_numero_de_documento es inválido");
    expect(text).toContain("Enviado, esperando a SUNAT");
    expect(html).toContain(`href="/admin/pedidos/${facturaOrder.id}"`);
    expect(html).toContain('href="https://pse.example/b001-12.pdf"');
    expect(html).toContain('href="https://pse.example/b001-12.cdr"');
    expect(html).toMatch(/<form [^>]*aria-label="Filtrar comprobantes"[^>]*method="get"/);
    expect(html).toMatch(/<option value="2026-11" selected="">Noviembre de 2026<\/option>/);
    expect(html).toContain('href="/admin/comprobantes/exportar?mes=2026-11"');
  });

  test("an empty month says so", async () => {
    const { html } = await render("?mes=2024-02");
    expect(textOf(html)).toContain("No hay comprobantes en este mes.");
  });

  test("a bad month or filter falls back on the current Lima month, never an error", async () => {
    for (const search of ["?mes=2026-13", "?mes=noviembre", "?mes=1999-01&tipo=recibo&estado=x&pagina=-3"]) {
      const loaded = await load(search);
      expect(loaded.query).toEqual({ month: getLimaMonth(new Date()), kind: null, status: null, page: 1 });
      expect((await render(search)).status).toBe(200);
    }
  });

  test("fifty to a page", async () => {
    const order = await newOrder();
    for (let number = 1; number <= 51; number += 1) {
      await insertDocument({
        orderId: order.id,
        kind: "nota_credito",
        series: "BC09",
        number,
        issuedAt: new Date(Date.UTC(2025, 0, 10, 15, number)),
      });
    }
    const first = await load("?mes=2025-01");
    expect(first.rows).toHaveLength(50);
    expect(first.pageCount).toBe(2);
    expect(first.rows[0]!.number).toBe("BC09-51");
    const second = await load("?mes=2025-01&pagina=2");
    expect(numbersOf(second)).toEqual(["BC09-1"]);
    expect(textOf((await render("?mes=2025-01")).html)).toContain("Página 1 de 2");
  });
});

const HEADERS = [
  "Fecha de emisión",
  "Tipo",
  "Código tipo",
  "Serie",
  "Número",
  "Tipo doc. cliente",
  "N.º doc. cliente",
  "Razón social / nombre",
  "Base imponible",
  "IGV",
  "Exonerado",
  "Inafecto",
  "Total",
  "Estado",
  "Documento modificado",
  "Pedido",
];
const column = (header: string) => HEADERS.indexOf(header) + 1;

describe("the registro de ventas", () => {
  test("the month's documents oldest first, a credit note's amounts negative, totals without the refused", async () => {
    const response = await exportOf("?mes=2026-11");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="registro-de-ventas-2026-11.xlsx"');
    const sheet = await readRegister(response);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS]);
    const seriesNumbers = [2, 3, 4, 5, 6].map(
      (index) => `${sheet.getRow(index).getCell(4).value}-${sheet.getRow(index).getCell(5).value}`,
    );
    expect(seriesNumbers).toEqual(["B001-12", "B001-13", "B001-14", "BC01-3", "F001-7"]);

    const credit = sheet.getRow(5);
    expect(credit.values).toEqual([
      undefined,
      new Date("2026-11-20T00:00:00Z"),
      "Nota de crédito",
      "07",
      "BC01",
      3,
      "1",
      "45678912",
      "Ana Torres",
      -55,
      -9.9,
      0,
      0,
      -64.9,
      "Aceptado por SUNAT",
      "B001-12",
      boletaOrder.code,
    ]);
    expect(credit.getCell(column("Fecha de emisión")).numFmt).toBe("dd/mm/yyyy");
    for (const header of ["Base imponible", "IGV", "Exonerado", "Inafecto", "Total"]) {
      expect(credit.getCell(column(header)).numFmt).toBe("#,##0.00");
    }

    // Issued at 23:30 of 30 November in Lima: that is its fecha de emisión.
    const factura = sheet.getRow(6);
    expect(factura.getCell(column("Fecha de emisión")).value).toEqual(new Date("2026-11-30T00:00:00Z"));
    expect(factura.getCell(column("Tipo")).value).toBe("Factura");
    expect(factura.getCell(column("Código tipo")).value).toBe("01");
    expect(factura.getCell(column("Tipo doc. cliente")).value).toBe("6");
    expect(factura.getCell(column("Exonerado")).value).toBe(20);
    expect(factura.getCell(column("Documento modificado")).value).toBeNull();
    expect(factura.getCell(column("Pedido")).value).toBe(facturaOrder.code);
    expect(sheet.getRow(3).getCell(column("Tipo doc. cliente")).value).toBe("-");
    expect(sheet.getRow(3).getCell(column("Estado")).value).toBe("Rechazado por SUNAT");

    // B001-12 + BC01-3 (which cancels it) + F001-7; not B001-13 (SUNAT) nor B001-14 (the PSE).
    const totals = sheet.getRow(7);
    expect(totals.getCell(1).value).toBe("Totales");
    expect(
      ["Base imponible", "IGV", "Exonerado", "Inafecto", "Total"].map((h) => totals.getCell(column(h)).value),
    ).toEqual([100, 18, 20, 0, 138]);
    expect(totals.font?.bold).toBe(true);
    expect(sheet.getRow(8).getCell(1).value).toBe("Los totales no incluyen comprobantes rechazados.");
    expect(sheet.rowCount).toBe(8);
  });

  test("the list's kind and status filters, and a bad month exports the current one", async () => {
    const accepted = await readRegister(await exportOf("?mes=2026-11&estado=accepted"));
    expect(accepted.rowCount).toBe(5);
    expect(accepted.getRow(3).getCell(column("Serie")).value).toBe("BC01");
    expect(accepted.getRow(4).getCell(column("Total")).value).toBe(0);
    const facturas = await readRegister(await exportOf("?mes=2026-11&tipo=factura"));
    expect(facturas.getRow(2).getCell(column("Total")).value).toBe(138);
    expect(facturas.getRow(3).getCell(column("Total")).value).toBe(138);

    const response = await exportOf("?mes=2026-99");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(
      `registro-de-ventas-${getLimaMonth(new Date())}.xlsx`,
    );
  });
});
