import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect, test } from "vitest";

import { PRIVATE_IMAGE_NAME } from "~/domain/media/image-upload.server";

import { makeDataDir, signInAtAdmin, startServer } from "../support/server-process";
import {
  databaseFingerprint,
  fileComplaintOverHttp,
  placeOrderOverHttp,
  runScript,
  uploadImageOverHttp,
  withPostgres,
} from "../support/shop-traffic";

/** The payment receipts of a DATA_DIR, name → bytes. */
function readReceipts(dataDir: string): Map<string, Buffer> {
  const dir = path.join(dataDir, "receipts");
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => PRIVATE_IMAGE_NAME.test(name)) : [];
  return new Map(names.sort().map((name) => [name, readFileSync(path.join(dir, name))]));
}

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): the shop's database
// and the restore's target are two throwaway databases of that server.
const serverUrl = process.env.TEST_DATABASE_URL!;
const SHOP_SECRET = "secreto-de-la-tienda-en-postgres";
const suffix = randomBytes(5).toString("hex");
const sourceName = `patitas_backup_${suffix}`;
const targetName = `patitas_restore_${suffix}`;
const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const sourceUrl = urlOf(sourceName);
const targetUrl = urlOf(targetName);

beforeAll(async () => {
  await withPostgres(serverUrl, async (query) => {
    await query(`CREATE DATABASE ${sourceName}`);
    await query(`CREATE DATABASE ${targetName}`);
  });
});
afterAll(async () => {
  await withPostgres(serverUrl, async (query) => {
    await query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
    await query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  });
});

test(
  "npm run backup (while the shop runs) and npm run restore round-trip a shop on PostgreSQL",
  { timeout: 60_000 },
  async () => {
    const dataDir = makeDataDir();
    // On PostgreSQL the start needs AUTH_SECRET (ADR 042); the restored shop is given the same.
    const server = await startServer({ DATABASE_URL: sourceUrl, DATA_DIR: dataDir, AUTH_SECRET: SHOP_SECRET });
    let adminCookie: string;
    let imageUrl: string;
    let image: Buffer;
    let before: string;
    const orderCodes: string[] = [];
    let complaintCode: string;
    let receipts: Map<string, Buffer>;
    let receiptOrders: { code: string; receipt_image: string }[];
    const backupFile = path.join(mkdtempSync(path.join(tmpdir(), "patitas-backup-test-")), "copia.tar.gz");
    try {
      orderCodes.push(
        await placeOrderOverHttp(server.url, [
          { productId: 1, quantity: 2 },
          { productId: 3, quantity: 1 },
        ]),
      );
      orderCodes.push(await placeOrderOverHttp(server.url, [{ productId: 4, quantity: 1 }], "Jorge Díaz"));
      complaintCode = await fileComplaintOverHttp(server.url);
      adminCookie = await signInAtAdmin(server.url);
      imageUrl = await uploadImageOverHttp(server.url, adminCookie);
      image = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());

      // The demo order's payment receipt (a new shop is seeded with one).
      receipts = readReceipts(dataDir);
      receiptOrders = await withPostgres(sourceUrl, (query) =>
        query<{ code: string; receipt_image: string }>(
          "select code, receipt_image from orders where receipt_image is not null order by code",
        ),
      );
      expect(receipts.size).toBeGreaterThan(0);
      expect(receiptOrders.map((order) => order.receipt_image).sort()).toEqual([...receipts.keys()]);

      before = await withPostgres(sourceUrl, databaseFingerprint);
      // The two placed over HTTP, and the demo orders.
      const [counted] = await withPostgres(sourceUrl, (query) =>
        query<{ n: number }>("select count(*)::int as n from orders"),
      );
      const backup = await runScript("backup.js", ["--out", backupFile], {
        DATABASE_URL: sourceUrl,
        DATA_DIR: dataDir,
      });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`${counted!.n} orders, 1 complaints`);
      expect(backup.output).toContain(`${receipts.size} payment receipts, 0 pet photos.`);
      // The shop kept serving during the backup and still takes orders after it.
      await placeOrderOverHttp(server.url, [{ productId: 2, quantity: 1 }]);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const restoredDir = makeDataDir();
    const restore = await runScript("restore.js", [backupFile], { DATABASE_URL: targetUrl, DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(await withPostgres(targetUrl, databaseFingerprint)).toBe(before);
    expect(readReceipts(restoredDir)).toEqual(receipts);
    for (const name of receipts.keys()) {
      expect(statSync(path.join(restoredDir, "receipts", name)).mode & 0o777, name).toBe(0o600);
    }

    const again = await runScript("restore.js", [backupFile], { DATABASE_URL: targetUrl, DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already has");

    // A PostgreSQL backup is not restored into an embedded database by mistake.
    const wrongDriver = await runScript("restore.js", [backupFile], { DATA_DIR: makeDataDir() });
    expect(wrongDriver.code).toBe(1);
    expect(wrongDriver.output).toContain("set DATABASE_URL");

    const restored = await startServer({
      DATABASE_URL: targetUrl,
      DATA_DIR: restoredDir,
      AUTH_SECRET: SHOP_SECRET,
      ADMIN_PASSWORD: "otra-clave-que-no-vale",
    });
    try {
      expect(restored.output()).not.toContain("Seeded the demo shop.");
      const served = await fetch(`${restored.url}${imageUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
      const dashboard = await fetch(`${restored.url}/admin/dashboard`, {
        headers: { Cookie: adminCookie },
        redirect: "manual",
      });
      expect(dashboard.status).toBe(200);
      const cookie = await signInAtAdmin(restored.url);
      const orders = await (await fetch(`${restored.url}/admin/pedidos`, { headers: { Cookie: cookie } })).text();
      for (const code of orderCodes) expect(orders).toContain(code);
      const complaints = await (
        await fetch(`${restored.url}/admin/reclamaciones`, { headers: { Cookie: cookie } })
      ).text();
      expect(complaints).toContain(complaintCode);
      for (const order of receiptOrders) {
        const receipt = await fetch(`${restored.url}/pedido/${order.code}/comprobante`, {
          headers: { Cookie: cookie },
        });
        expect(receipt.status, order.code).toBe(200);
        expect(Buffer.from(await receipt.arrayBuffer()).equals(receipts.get(order.receipt_image)!)).toBe(true);
      }
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  },
);
