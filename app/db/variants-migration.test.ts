// Migration 0009 (presentaciones) on a shop with data: every product becomes a product with
// one presentación holding its price, offer and stock; carts and orders keep their lines.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { findProjectRoot } from "~/lib/paths.server";
import { setUpTestDatabase } from "~test/test-database";

const { handle } = setUpTestDatabase({ isMigrated: false });
const migrations = path.join(findProjectRoot(), "app/db/migrations");
let before: string;

/** Runs each statement of `script` (separated by ';' at a line's end) on its own. */
async function run(script: string) {
  for (const statement of script
    .split(/;\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean)) {
    await handle().db.execute(sql.raw(statement));
  }
}

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle().db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The migrations folder as it was before 0009. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "patitas-migrations-"));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

type OldProduct = {
  id: number;
  price_cents: number;
  is_offer_active: boolean;
  offer_price_cents: number | null;
  stock: number;
};

const oldProducts: OldProduct[] = [
  { id: 1, price_cents: 4590, is_offer_active: false, offer_price_cents: null, stock: 12 },
  { id: 2, price_cents: 18900, is_offer_active: true, offer_price_cents: 16900, stock: 0 },
  { id: 3, price_cents: 0, is_offer_active: false, offer_price_cents: null, stock: 1_000_000 },
  { id: 4, price_cents: 2500, is_offer_active: false, offer_price_cents: null, stock: 3 },
];

beforeAll(async () => {
  before = migrationsBefore("0009_presentaciones");
  await handle().migrate(before);
  await run(`
    insert into product_families (id, name, slug) values (1, 'Perros', 'perros');
    insert into product_categories (id, name, slug, family_id) values (1, 'Alimentos', 'alimentos', 1);
  `);
  for (const p of oldProducts) {
    await handle().db.execute(sql`
      insert into products (id, title, family_id, category_id, price_cents, is_offer_active, offer_price_cents, stock, is_archived)
      values (${p.id}, ${`Producto ${p.id}`}, 1, 1, ${p.price_cents}, ${p.is_offer_active}, ${p.offer_price_cents}, ${p.stock}, ${p.id === 4})`);
  }
  await run(`
    insert into carts (id) values ('cart-a');
    insert into cart_lines (cart_id, product_id, quantity) values ('cart-a', 1, 2), ('cart-a', 2, 1);
    insert into payment_methods (id, name) values ('yape', 'Yape') on conflict do nothing;
    insert into orders (id, code, payment_method_name, total_cents) values (1, 'PED-000001', 'Yape', 14180);
    insert into order_lines (order_id, product_id, title, unit_price_cents, quantity, line_total_cents)
      values (1, 1, 'Producto 1', 4590, 2, 9180), (1, 4, 'Producto 4', 2500, 2, 5000);
  `);
  await handle().migrate();
});

afterAll(() => rmSync(before, { recursive: true, force: true }));

describe(`migration 0009, presentaciones (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  test("every product has one unnamed presentación with its price, offer and stock", async () => {
    const variants = await rows<OldProduct & { product_id: number; name: string; is_archived: boolean }>(sql`
      select id, product_id, name, price_cents, is_offer_active, offer_price_cents, stock, is_archived
      from product_variants order by id`);
    expect(variants).toEqual(oldProducts.map((p) => ({ ...p, product_id: p.id, name: "", is_archived: false })));
  });

  test("the products keep their price, offer and stock as the summary of that presentación", async () => {
    const products = await rows<OldProduct & { has_any_offer: boolean; price_varies: boolean }>(sql`
      select id, price_cents, is_offer_active, offer_price_cents, stock, has_any_offer, price_varies
      from products order by id`);
    expect(products).toEqual(oldProducts.map((p) => ({ ...p, has_any_offer: p.is_offer_active, price_varies: false })));
  });

  test("cart lines and order lines point at the presentación; the order's lines are unchanged", async () => {
    const cart = await rows<{ product_id: number; variant_id: number; quantity: number }>(
      sql`select product_id, variant_id, quantity from cart_lines order by product_id`,
    );
    expect(cart).toEqual([
      { product_id: 1, variant_id: 1, quantity: 2 },
      { product_id: 2, variant_id: 2, quantity: 1 },
    ]);
    const lines = await rows<Record<string, unknown>>(sql`
      select product_id, variant_id, variant_name, title, unit_price_cents, quantity, line_total_cents::integer as line_total_cents
      from order_lines order by id`);
    expect(lines).toEqual([
      {
        product_id: 1,
        variant_id: 1,
        variant_name: "",
        title: "Producto 1",
        unit_price_cents: 4590,
        quantity: 2,
        line_total_cents: 9180,
      },
      {
        product_id: 4,
        variant_id: 4,
        variant_name: "",
        title: "Producto 4",
        unit_price_cents: 2500,
        quantity: 2,
        line_total_cents: 5000,
      },
    ]);
  });

  test("new presentaciones take fresh ids, and the summary follows every change", async () => {
    await run(`
      insert into product_variants (product_id, name, price_cents, is_offer_active, offer_price_cents, stock, sort_order)
      values (1, '15 kg', 15900, true, 14900, 2, 1);
      update product_variants set name = '3 kg' where id = 1
    `);
    const [added] = await rows<{ id: number }>(sql`select max(id) as id from product_variants`);
    expect(added!.id).toBeGreaterThan(4);
    const summary = async () =>
      (
        await rows<Record<string, unknown>>(sql`
        select price_cents, is_offer_active, offer_price_cents, stock, has_any_offer, price_varies
        from products where id = 1`)
      )[0];
    expect(await summary()).toEqual({
      price_cents: 4590,
      is_offer_active: false,
      offer_price_cents: null,
      stock: 14,
      has_any_offer: true,
      price_varies: true,
    });
    await handle().db.execute(sql`update product_variants set stock = 0 where product_id = 1`);
    expect(await summary()).toMatchObject({ stock: 0 });
    await handle().db.execute(sql`update product_variants set is_archived = true where id = 1`);
    expect(await summary()).toEqual({
      price_cents: 15900,
      is_offer_active: true,
      offer_price_cents: 14900,
      stock: 0,
      has_any_offer: true,
      price_varies: false,
    });
  });
});
