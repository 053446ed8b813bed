// Fills a DATA_DIR (or the PostgreSQL database of DATABASE_URL) with a realistic shop of
// N products for the benchmarks: the seeded demo shop (the server's own migrations and
// seed), then N products spread over both families' categories and subcategories, a
// brand list that grows with the catalogue, and orders with their lines.
//   node bench/generate.js 10000 [--orders 2000] [--data-dir /tmp/patitas-bench-10000]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { openPglite } from "../scripts/backup-support.js";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { generateProducts, listBrandNames, random, SEED_IMAGES } from "./lib/catalogue.js";
import { startBenchServer } from "./lib/server.js";

const toSlug = (name) => name.trim().toLowerCase().replace(/\s+/g, "-");

async function openDatabase(dataDir) {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return { query: (sql, params) => client.query(sql, params), close: () => client.end() };
  }
  const db = await openPglite(path.join(dataDir, "db"));
  return { query: (sql, params) => db.query(sql, params), close: () => db.close() };
}

/** Inserts `rows` (arrays in `columns` order) in statements of `batch` rows. */
async function insertRows(db, table, columns, rows, batch = 1000) {
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
  }
}

const PRESENTACION_SIZES = [
  { name: "1 kg", grams: 1000, priceFactor: 1 },
  { name: "3 kg", grams: 3000, priceFactor: 2.6 },
  { name: "15 kg", grams: 15000, priceFactor: 10 },
  { name: "25 kg", grams: 25000, priceFactor: 15 },
];

/**
 * Gives every generated product `count` presentaciones, like a food sold in 1, 3 and 15 kg
 * (the load benchmark's product one, unnamed). The products went in with the shop's triggers
 * off (one insert per product would otherwise write its first presentación and sum it up, row
 * by row, for minutes at 100,000); the presentaciones are written in bulk and each product is
 * then summed up once by the shop's own function.
 */
async function addPresentaciones(db, count, generated) {
  const sizes = PRESENTACION_SIZES.slice(0, Math.max(1, count));
  const named = count > 1;
  await db.query(
    `INSERT INTO product_variants (product_id, name, price_cents, is_offer_active, offer_price_cents, stock, net_weight_grams, sort_order)
     SELECT id, CASE WHEN $3 AND id <> $2 THEN $4 ELSE '' END, price_cents, is_offer_active, offer_price_cents, stock,
            CASE WHEN $3 AND id <> $2 THEN $5::int END, 0
     FROM products WHERE id BETWEEN $1 AND $2`,
    [generated.from, generated.bench, named, sizes[0].name, sizes[0].grams],
  );
  for (const [index, size] of sizes.entries()) {
    if (index === 0) continue;
    await db.query(
      `INSERT INTO product_variants (product_id, name, price_cents, is_offer_active, offer_price_cents, stock, net_weight_grams, sort_order)
       SELECT product_id, $3, least(round(price_cents * $4::numeric)::int, 99999999), is_offer_active,
              CASE WHEN offer_price_cents IS NULL THEN NULL ELSE least(round(offer_price_cents * $4::numeric)::int, 99999998) END,
              (stock * ($5::int + 7)) % 130, $6::int, $5::int
       FROM product_variants WHERE sort_order = 0 AND product_id BETWEEN $1 AND $2`,
      [generated.from, generated.bench - 1, size.name, size.priceFactor, index, size.grams],
    );
  }
  await db.query("ALTER TABLE products ENABLE TRIGGER products_first_variant");
  await db.query("ALTER TABLE product_variants ENABLE TRIGGER product_variants_summary");
  await db.query("SELECT count(refresh_product_summary(id)) FROM products WHERE id BETWEEN $1 AND $2", [
    generated.from,
    generated.bench,
  ]);
}

/**
 * Generates the shop into `dataDir` and returns what the benchmarks need to know about it,
 * also kept in `$dataDir/bench.json` so that a second call with the same N reuses it.
 */
export async function generateShop({
  products: count,
  orders: orderCount = Math.min(5000, Math.ceil(count / 5)),
  presentaciones = 3,
  dataDir,
}) {
  const metaFile = path.join(dataDir, "bench.json");
  if (existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, "utf8"));
    if (
      meta.products === count &&
      meta.orders === orderCount &&
      meta.presentaciones === presentaciones &&
      !process.env.DATABASE_URL
    )
      return meta;
    throw new Error(`${dataDir} already holds another generated shop; remove it first.`);
  }

  // Migrations and the demo seed exactly as the shop runs them on a first start.
  buildIfStale();
  const server = await startBenchServer({ dataDir });
  await server.stop();

  const db = await openDatabase(dataDir);
  const rand = random(count);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  try {
    await db.query("BEGIN");
    const existing = (await db.query("SELECT name FROM brands")).rows.map((row) => row.name);
    const brandNames = listBrandNames(count, existing);
    await insertRows(
      db,
      "brands",
      ["name", "slug"],
      brandNames.filter((name) => !existing.includes(name)).map((name) => [name, toSlug(name)]),
    );
    const brands = (await db.query("SELECT id, name FROM brands")).rows;

    // Every product level: a category without subcategories, or one of its subcategories.
    const levels = (
      await db.query(`
        SELECT c.family_id, c.id AS category_id, s.id AS subcategory_id, c.name AS category
        FROM product_categories c LEFT JOIN product_subcategories s ON s.category_id = c.id
        ORDER BY c.id, s.id`)
    ).rows;

    const firstGeneratedId = Number((await db.query("SELECT coalesce(max(id), 0) + 1 AS id FROM products")).rows[0].id);
    const productRows = generateProducts(count, levels, brands, rand).map((product) => [
      product.title,
      product.description,
      product.familyId,
      product.categoryId,
      product.subcategoryId,
      product.brandId,
      product.priceCents,
      product.isOfferActive,
      product.offerPriceCents,
      product.stock,
      product.image,
      product.imageAlt,
      product.searchText,
    ]);
    // One product whose stock the load benchmark's orders can never exhaust.
    productRows.push([
      "Croquetas Ricocan Adulto Bench 15 kg",
      "Producto de la prueba de carga.",
      levels[0].family_id,
      levels[0].category_id,
      levels[0].subcategory_id,
      brands[0].id,
      11490,
      false,
      null,
      1_000_000_000,
      SEED_IMAGES[0],
      "Croquetas Ricocan Adulto",
      "croquetas ricocan adulto bench 15 kg",
    ]);
    await db.query("ALTER TABLE products DISABLE TRIGGER products_first_variant");
    await db.query("ALTER TABLE product_variants DISABLE TRIGGER product_variants_summary");
    await insertRows(
      db,
      "products",
      [
        "title",
        "description",
        "family_id",
        "category_id",
        "subcategory_id",
        "brand_id",
        "price_cents",
        "is_offer_active",
        "offer_price_cents",
        "stock",
        "image",
        "image_alt",
        "search_text",
      ],
      productRows,
    );
    const benchProductId = (await db.query("SELECT max(id) AS id FROM products")).rows[0].id;
    await addPresentaciones(db, presentaciones, { from: firstGeneratedId, bench: benchProductId });
    // Order lines name a product's first presentación.
    const productIds = (
      await db.query(
        `SELECT p.id, p.title, v.id AS variant_id, v.name AS variant_name, v.price_cents
         FROM products p JOIN product_variants v ON v.product_id = p.id AND v.sort_order = 0
         WHERE p.id <> $1`,
        [benchProductId],
      )
    ).rows;

    // Orders of the last year, one to four lines each.
    // The statuses of migration 0011 (en_proceso became en_preparacion).
    const statuses = ["pendiente", "en_preparacion", "entregado", "entregado", "entregado", "cancelado"];
    const firstOrderId = Number((await db.query("SELECT coalesce(max(id), 0) AS id FROM orders")).rows[0].id) + 1;
    const orderRows = [];
    const lineRows = [];
    const { payment_hours: paymentHours } = (await db.query("SELECT payment_hours FROM shop_settings")).rows[0];
    const expiredBefore = Date.now() - paymentHours * 3_600_000;
    for (let i = 0; i < orderCount; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => [
        pick(productIds),
        1 + Math.floor(rand() * 3),
      ]);
      const total = lines.reduce((sum, [product, quantity]) => sum + product.price_cents * quantity, 0);
      const placedAt = Date.now() - Math.floor(rand() * 365 * 86_400_000);
      const createdAt = new Date(placedAt).toISOString();
      // An order left unpaid past the shop's payment window is cancelled by its expiry job, so
      // a running shop holds only recent ones. Left 'pendiente', the first start of the bench
      // server cancelled hundreds of them (and wrote their e-mails) while the load benchmark
      // ran, slowing its order placement to a crawl (bench/history.md, 'The page cache').
      let status = pick(statuses);
      if (status === "pendiente" && placedAt < expiredBefore) status = "cancelado";
      // Orders being prepared or delivered were paid half an hour after they were placed (the
      // reports' sales, issue 49); a third of all were picked up at the shop.
      const paidAt = status === "en_preparacion" || status === "entregado" ? new Date(placedAt + 1_800_000) : null;
      orderRows.push([
        firstOrderId + i,
        `PF-BENCH-${String(i + 1).padStart(6, "0")}`,
        `Cliente ${i + 1}`,
        `cliente${i + 1}@example.pe`,
        `9${String(10_000_000 + i).slice(-8)}`,
        "yape",
        "Yape",
        status,
        total,
        createdAt,
        createdAt,
        paidAt?.toISOString() ?? null,
        paidAt ? total : null,
        i % 3 === 0 ? "pickup" : "delivery",
      ]);
      for (const [product, quantity] of lines) {
        lineRows.push([
          firstOrderId + i,
          product.id,
          product.variant_id,
          product.variant_name,
          product.title,
          product.price_cents,
          quantity,
          product.price_cents * quantity,
        ]);
      }
    }
    await insertRows(
      db,
      "orders",
      [
        "id",
        "code",
        "customer_name",
        "customer_email",
        "customer_phone",
        "payment_method_id",
        "payment_method_name",
        "status",
        "total_cents",
        "created_at",
        "updated_at",
        "paid_at",
        "paid_amount_cents",
        "fulfillment",
      ],
      orderRows,
    );
    await insertRows(
      db,
      "order_lines",
      [
        "order_id",
        "product_id",
        "variant_id",
        "variant_name",
        "title",
        "unit_price_cents",
        "quantity",
        "line_total_cents",
      ],
      lineRows,
    );
    await db.query("SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))");
    await db.query("COMMIT");
    await db.query("ANALYZE");

    const meta = {
      products: count,
      orders: orderCount,
      presentaciones,
      brands: brands.length,
      levels: levels.length,
      benchProductId,
    };
    if (!process.env.DATABASE_URL) writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? undefined : args[at + 1];
  };
  const products = Number(args[0]);
  if (!Number.isInteger(products) || products < 1) {
    console.error("Usage: node bench/generate.js N [--orders M] [--presentaciones P] [--data-dir DIR]");
    process.exit(1);
  }
  const dataDir = path.resolve(option("data-dir") ?? path.join(tmpdir(), `patitas-bench-${products}`));
  const started = Date.now();
  const meta = await generateShop({
    products,
    orders: option("orders") ? Number(option("orders")) : undefined,
    presentaciones: option("presentaciones") ? Number(option("presentaciones")) : undefined,
    dataDir,
  });
  console.log(`${dataDir}: ${JSON.stringify(meta)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
