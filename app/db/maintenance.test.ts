import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { maintainEmbeddedDatabase } from "./maintenance.server";

const { handle } = setUpTestDatabase();

async function plannerRowEstimate(): Promise<number> {
  const result = (await handle().db.execute(
    sql`select reltuples::int as n from pg_class where relname = 'products'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Dead rows of the products and their presentaciones (whose stock updates rewrite both). */
async function deadCatalogueRows(): Promise<number> {
  const result = (await handle().db.execute(
    sql`select sum(n_dead_tup)::int as n from pg_stat_user_tables where relname in ('products', 'product_variants')`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe(`database maintenance (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  test("teaches the planner the catalogue's size and clears the dead rows that stock updates leave", async () => {
    await seedDemoShop(handle().db);
    await handle().db.execute(sql`insert into products (title, family_id, category_id, search_text)
      select 'Pelota ' || g, family_id, category_id, 'pelota ' || g
      from generate_series(1, 500) g, (select family_id, category_id from products limit 1) p`);
    // Stock lives on the presentaciones; each update also rewrites its product's summary.
    await handle().db.execute(sql`update product_variants set stock = stock + 1`);
    // PostgreSQL sends a session's table statistics to the shared counters at most once a
    // second. Without this, the update's dead rows could be counted after the VACUUM that
    // removed them, and n_dead_tup would read 504 although the rows are gone.
    await handle().db.execute(sql`select pg_stat_force_next_flush()`);
    const total = (await handle().db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: { n: number }[];
    };

    await maintainEmbeddedDatabase(handle());
    // The count above pruned pages too; its pending statistics must reach the counters before
    // they are read, or they are added after the VACUUM's figure.
    await handle().db.execute(sql`select pg_stat_force_next_flush()`);

    expect(await plannerRowEstimate()).toBe(total.rows[0]!.n);
    expect(await deadCatalogueRows()).toBe(0);
  });

  test("rewrites the search's table in catalogue order, so that a search's matches lie side by side", async () => {
    await seedDemoShop(handle().db);
    // Added in an order unlike the catalogue's: titles backwards, levels alternating.
    await handle().db.execute(sql`insert into products (title, family_id, category_id, search_text)
      select 'Pelota ' || lpad((1000 - g)::text, 4, '0'), l.family_id, l.category_id, 'pelota'
      from generate_series(1, 300) g
      join (select family_id, id as category_id, row_number() over (order by id) % 2 as parity
        from (select * from product_categories order by id desc limit 2) two) l on l.parity = g % 2`);
    const order = async (by: "physical" | "catalogue") => {
      const result = (await handle().db.execute(
        by === "physical"
          ? sql`select product_id from product_search order by ctid`
          : sql`select product_id from product_search order by family_id, category_id, subcategory_id, title, ctid`,
      )) as unknown as { rows: { product_id: number }[] };
      return result.rows.map((row) => row.product_id);
    };
    expect(await order("physical")).not.toEqual(await order("catalogue"));

    await maintainEmbeddedDatabase(handle());

    expect(await order("physical")).toEqual(await order("catalogue"));
  });
});
