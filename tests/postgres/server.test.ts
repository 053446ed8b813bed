import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";

import { makeDataDir, signInAtAdmin, startServer } from "../support/server-process";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run).
const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `patitas_server_${randomBytes(5).toString("hex")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function admin<T extends pg.QueryResultRow>(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(serverUrl, `CREATE DATABASE ${name}`);
});
afterAll(async () => {
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

test("two instances starting at once on one PostgreSQL migrate and seed exactly once", async () => {
  const [first, second] = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl, DATA_DIR: makeDataDir(), AUTH_SECRET: "shared-secret-of-both-instances" }),
    startServer({ DATABASE_URL: databaseUrl, DATA_DIR: makeDataDir(), AUTH_SECRET: "shared-secret-of-both-instances" }),
  ]);
  try {
    for (const server of [first, second]) {
      expect(server.output()).toContain("postgres)");
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Bienvenidos a Patitas Felices");
      const catalogue = await (await fetch(`${server.url}/productos`)).text();
      expect(catalogue).toContain("Perros");
      expect(catalogue).toContain("Gatos");
    }
    const counts = await admin<{ products: number; users: number; settings: number }>(
      databaseUrl,
      `select (select count(*)::int from products) as products,
              (select count(*)::int from users) as users,
              (select count(*)::int from shop_settings) as settings`,
    );
    // The demo shop: four products without sizes and two with presentaciones.
    expect(counts.rows[0]).toEqual({ products: 6, users: 1, settings: 1 });

    // A session made on one instance is valid on the other.
    const cookie = await signInAtAdmin(first.url);
    const dashboard = await fetch(`${second.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
  } finally {
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
  }
});

test("two instances with their own page caches: an edit through one is visible through the other within a second", async () => {
  const secret = "shared-secret-of-both-instances";
  const [first, second] = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl, DATA_DIR: makeDataDir(), AUTH_SECRET: secret }),
    startServer({ DATABASE_URL: databaseUrl, DATA_DIR: makeDataDir(), AUTH_SECRET: secret }),
  ]);
  try {
    await (await fetch(`${second.url}/`)).text();
    const stored = await fetch(`${second.url}/`);
    expect(stored.headers.get("x-cache")).toBe("HIT");
    const address = `Av. Compartida ${randomBytes(3).toString("hex")}, Lima`;
    expect(await stored.text()).not.toContain(address);

    const cookie = await signInAtAdmin(first.url);
    const saved = await fetch(`${first.url}/admin/configuracion/contacto`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        contactEmail: "hola@patitas.pe",
        contactPhone: "987 654 321",
        contactAddress: address,
        contactHours: "Lunes a Sábado: 9:00 - 19:00",
      }),
    });
    expect(saved.status).toBe(302);
    const savedAt = Date.now();
    let seen = false;
    while (!seen && Date.now() - savedAt < 1_000) {
      seen = (await (await fetch(`${second.url}/`)).text()).includes(address);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen, "the other instance shows the new address within 1 s").toBe(true);
  } finally {
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
  }
});
