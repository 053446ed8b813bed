import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { expect, test } from "vitest";

import { PRIVATE_IMAGE_NAME } from "~/domain/media/image-upload.server";

import { createArchiveWriter, readArchive, readEntryBuffer } from "../../scripts/backup-archive.js";
import { SAFE_RECEIPT_NAME } from "../../scripts/backup-support.js";
import { makeDataDir, makeSeededDataDir, signInAtAdmin, startServer } from "../support/server-process";
import {
  databaseFingerprint,
  fileComplaintOverHttp,
  placeOrderOverHttp,
  runScript,
  uploadImageOverHttp,
  withPglite,
} from "../support/shop-traffic";

type Entry = { name: string; data: Buffer };

/** Every entry of a backup file, in order (small test backups only). */
async function readEntries(file: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  await readArchive(file, async (entry: { name: string }) => {
    entries.push({ name: entry.name, data: await readEntryBuffer(entry) });
  });
  return entries;
}

async function writeEntries(file: string, entries: Entry[]): Promise<void> {
  const archive = createArchiveWriter(file);
  for (const { name, data } of entries) await archive.addBuffer(name, data);
  await archive.finish();
}

/** The payment receipts of a DATA_DIR (names of receipts only), name → bytes. */
function readReceipts(dataDir: string): Map<string, Buffer> {
  const dir = path.join(dataDir, "receipts");
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => PRIVATE_IMAGE_NAME.test(name)) : [];
  return new Map(names.sort().map((name) => [name, readFileSync(path.join(dir, name))]));
}

const newReceiptName = () => `${randomBytes(16).toString("hex")}.webp`;

// The round trip's backup, which the test of forged and older backups rewrites.
let roundTripBackup: string | undefined;

test("the backup's receipt names are the shop's private image names", () => {
  expect(SAFE_RECEIPT_NAME.source).toBe(PRIVATE_IMAGE_NAME.source);
  expect(SAFE_RECEIPT_NAME.flags).toBe(PRIVATE_IMAGE_NAME.flags);
});

// Each test starts servers and runs npm scripts, beside the other server files: on a slow day
// (2026-12-01, a static file at 667 req/s) they took 79–90 s, so the bound against a hang is
// twice that.
const SERVER_SCRIPTS_TIMEOUT_MS = 180_000;

test(
  "npm run backup and npm run restore round-trip a shop on the embedded database",
  { timeout: SERVER_SCRIPTS_TIMEOUT_MS },
  async () => {
    const dataDir = await makeSeededDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    const orderCodes = [
      await placeOrderOverHttp(server.url, [
        { productId: 1, quantity: 2 },
        { productId: 3, quantity: 1 },
      ]),
      await placeOrderOverHttp(server.url, [{ productId: 4, quantity: 1 }], "Jorge Díaz"),
    ];
    const complaintCode = await fileComplaintOverHttp(server.url);
    const adminCookie = await signInAtAdmin(server.url);
    const imageUrl = await uploadImageOverHttp(server.url, adminCookie);
    const image = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());

    // While the server holds DATA_DIR the embedded database cannot be read: refused, clearly.
    const workDir = mkdtempSync(path.join(tmpdir(), "patitas-backup-test-"));
    const backupFile = path.join(workDir, "copia.tar.gz");
    const refused = await runScript("backup.js", ["--out", backupFile], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`is running on DATA_DIR ${dataDir}`);
    expect(existsSync(backupFile)).toBe(false);

    expect(await server.stop()).toBe(0);

    // Two payment receipts, kept as the shop keeps them: the demo order's, and one of Jorge's order.
    const receiptsDir = path.join(dataDir, "receipts");
    const secondReceipt = newReceiptName();
    const picture = await sharp({ create: { width: 320, height: 480, channels: 3, background: "#6a3fa0" } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(receiptsDir, secondReceipt), picture, { mode: 0o600 });
    await withPglite(dataDir, (query) =>
      query(`update orders set receipt_image = '${secondReceipt}' where code = '${orderCodes[1]}'`),
    );
    // Not receipts: one being written, and a stray file.
    writeFileSync(path.join(receiptsDir, `${newReceiptName()}.4242.part`), "half a picture");
    writeFileSync(path.join(receiptsDir, "notas.txt"), "not a receipt");
    const receipts = readReceipts(dataDir);
    expect(receipts.size).toBe(2);
    // A shopper's pet photo (issue 28), private like the receipts.
    const petPhotoName = newReceiptName();
    mkdirSync(path.join(dataDir, "pet-photos"), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, "pet-photos", petPhotoName), picture, { mode: 0o600 });
    const receiptOrders = await withPglite(dataDir, (query) =>
      query<{ code: string; receipt_image: string }>(
        "select code, receipt_image from orders where receipt_image is not null order by code",
      ),
    );
    expect(receiptOrders.map((order) => order.receipt_image).sort()).toEqual([...receipts.keys()]);

    const before = await withPglite(dataDir, databaseFingerprint);
    // The two placed over HTTP, and the demo orders a new shop is seeded with.
    const [{ n: orderCount }] = (await withPglite(dataDir, (query) =>
      query<{ n: number }>("select count(*)::int as n from orders"),
    )) as [{ n: number }];
    expect(orderCount).toBeGreaterThanOrEqual(2);

    const backup = await runScript("backup.js", ["--out", backupFile], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`${orderCount} orders, 1 complaints`);
    expect(backup.output).toContain("2 payment receipts, 1 pet photos.");
    const entries = await readEntries(backupFile);
    const manifest = JSON.parse(entries[0]!.data.toString("utf8"));
    const receiptBytes = [...receipts.values()].reduce((sum, bytes) => sum + bytes.length, 0);
    expect(manifest.receipts).toEqual({ files: 2, bytes: receiptBytes });
    expect(manifest.petPhotos).toEqual({ files: 1, bytes: picture.length });
    expect(entries.filter((entry) => entry.name.startsWith("pet-photos/")).map((entry) => entry.name)).toEqual([
      `pet-photos/${petPhotoName}`,
    ]);
    expect(entries.filter((entry) => entry.name.startsWith("receipts/")).map((entry) => entry.name)).toEqual(
      [...receipts.keys()].map((name) => `receipts/${name}`),
    );
    roundTripBackup = backupFile;

    // A cut-off or garbled copy is refused in words, and leaves the target as it was.
    const whole = readFileSync(backupFile);
    const damaged = [
      { name: "cortada-a-la-mitad.tar.gz", bytes: whole.subarray(0, Math.floor(whole.length / 2)) },
      { name: "sin-el-final.tar.gz", bytes: whole.subarray(0, whole.length - 6) },
      { name: "no-es-gzip.tar.gz", bytes: Buffer.from("esto no es una copia de seguridad\n".repeat(50)) },
    ];
    const ownSecret = readFileSync(path.join(dataDir, "auth-secret"), "utf8");
    for (const { name, bytes } of damaged) {
      const file = path.join(workDir, name);
      writeFileSync(file, bytes);
      // Into an empty DATA_DIR, and into one that already holds this shop's own secret.
      for (const hasSecret of [false, true]) {
        const target = makeDataDir();
        if (hasSecret) writeFileSync(path.join(target, "auth-secret"), ownSecret);
        const refusedCopy = await runScript("restore.js", [file], { DATA_DIR: target });
        expect(refusedCopy.code, name).toBe(1);
        expect(refusedCopy.output, name).toContain("The backup file is damaged or incomplete");
        expect(refusedCopy.output, name).not.toMatch(/^\s+at /m);
        expect(existsSync(path.join(target, "db")) ? readdirSync(path.join(target, "db")) : [], name).toEqual([]);
        // The target is left as the restore found it, secret included.
        if (hasSecret) expect(readFileSync(path.join(target, "auth-secret"), "utf8"), name).toBe(ownSecret);
        else expect(existsSync(path.join(target, "auth-secret")), name).toBe(false);
      }
    }

    const restoredDir = makeDataDir();
    const restore = await runScript("restore.js", [backupFile], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("2 payment receipts, 1 pet photos");
    expect(readFileSync(path.join(restoredDir, "pet-photos", petPhotoName)).equals(picture)).toBe(true);
    expect(statSync(path.join(restoredDir, "pet-photos", petPhotoName)).mode & 0o777).toBe(0o600);
    expect(await withPglite(restoredDir, databaseFingerprint)).toBe(before);
    // Both receipts, byte for byte, private like the shop writes them.
    expect(readReceipts(restoredDir)).toEqual(receipts);
    expect(readdirSync(path.join(restoredDir, "receipts")).sort()).toEqual([...receipts.keys()]);
    expect(statSync(path.join(restoredDir, "receipts")).mode & 0o777).toBe(0o700);
    for (const name of receipts.keys()) {
      expect(statSync(path.join(restoredDir, "receipts", name)).mode & 0o777, name).toBe(0o600);
    }

    // A second restore into the same directory would overwrite a shop: refused.
    const again = await runScript("restore.js", [backupFile], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already holds a database");

    // Another ADMIN_PASSWORD proves the administrator comes from the backup, not from the start-up.
    const restored = await startServer({ DATA_DIR: restoredDir, ADMIN_PASSWORD: "otra-clave-que-no-vale" });
    try {
      expect(restored.output()).not.toContain("Seeded the demo shop.");
      const served = await fetch(`${restored.url}${imageUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
      // The session and the auth secret came back too: the old cookie still opens the back office.
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
      // Each order shows its receipt again.
      for (const order of receiptOrders) {
        const receipt = await fetch(`${restored.url}/pedido/${order.code}/comprobante`, {
          headers: { Cookie: cookie },
        });
        expect(receipt.status, order.code).toBe(200);
        expect(Buffer.from(await receipt.arrayBuffer()).equals(receipts.get(order.receipt_image)!), order.code).toBe(
          true,
        );
      }
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  },
);

test(
  "npm run restore takes backups from before receipts, and refuses forged receipt entries",
  { timeout: SERVER_SCRIPTS_TIMEOUT_MS },
  async () => {
    if (!roundTripBackup) throw new Error("Needs the backup written by the round-trip test above.");
    const entries = await readEntries(roundTripBackup);
    const [manifestEntry, ...rest] = entries;
    const manifest = JSON.parse(manifestEntry!.data.toString("utf8"));
    const receiptEntries = rest.filter((entry) => entry.name.startsWith("receipts/"));
    expect(receiptEntries).toHaveLength(2);
    const workDir = mkdtempSync(path.join(tmpdir(), "patitas-backup-test-"));
    const asManifest = (value: object): Entry => ({ name: "manifest.json", data: Buffer.from(JSON.stringify(value)) });

    // A backup made before receipts were backed up: format 1, no 'receipts' in its manifest, no receipts/.
    const { receipts: _receipts, ...oldManifest } = manifest;
    const oldFile = path.join(workDir, "copia-antigua.tar.gz");
    await writeEntries(oldFile, [
      asManifest({ ...oldManifest, format: 1 }),
      ...rest.filter((entry) => !entry.name.startsWith("receipts/")),
    ]);
    const oldTarget = makeDataDir();
    const oldRestore = await runScript("restore.js", [oldFile], { DATA_DIR: oldTarget });
    expect(oldRestore.code, oldRestore.output).toBe(0);
    expect(oldRestore.output).toContain("0 payment receipts");
    expect(readReceipts(oldTarget).size).toBe(0);

    // A backup made before pet photos were backed up: format 2, no 'petPhotos', no pet-photos/.
    const { petPhotos: _petPhotos, ...format2Manifest } = manifest;
    const format2File = path.join(workDir, "copia-formato-2.tar.gz");
    await writeEntries(format2File, [
      asManifest({ ...format2Manifest, format: 2 }),
      ...rest.filter((entry) => !entry.name.startsWith("pet-photos/")),
    ]);
    const format2Restore = await runScript("restore.js", [format2File], { DATA_DIR: makeDataDir() });
    expect(format2Restore.code, format2Restore.output).toBe(0);
    expect(format2Restore.output).toContain("2 payment receipts, 0 pet photos");

    // A receipt missing from the archive, or one too many, against the manifest's count.
    const countCases = [
      { name: "falta-uno", entries: [manifestEntry!, ...rest.filter((entry) => entry !== receiptEntries[0])] },
      {
        name: "sobra-uno",
        entries: [manifestEntry!, ...rest, { name: `receipts/${newReceiptName()}`, data: receiptEntries[0]!.data }],
      },
    ];
    for (const { name, entries: forged } of countCases) {
      const file = path.join(workDir, `${name}.tar.gz`);
      await writeEntries(file, forged);
      const target = makeDataDir();
      const refused = await runScript("restore.js", [file], { DATA_DIR: target });
      expect(refused.code, name).toBe(1);
      expect(refused.output, name).toMatch(/The backup lists 2 payment receipts but holds [13]\./);
      expect(refused.output, name).not.toMatch(/^\s+at /m);
      // Nothing of the failed restore is left: no database, no receipt.
      expect(existsSync(path.join(target, "db")) ? readdirSync(path.join(target, "db")) : [], name).toEqual([]);
      expect(readReceipts(target).size, name).toBe(0);
    }

    // Names that are not a receipt's: each refused, nothing written where they point.
    const outside = newReceiptName();
    const hostileNames = [
      "receipts/../x.webp",
      `receipts/../../${outside}`,
      `receipts//tmp/${outside}`,
      `receipts/sub/${outside}`,
      `receipts/${outside.toUpperCase().replace(".WEBP", ".webp")}`,
      `receipts/${outside}.part`,
      `receipts/${outside.replace(".webp", ".png")}`,
      "receipts/",
      `/receipts/${outside}`,
      `../receipts/${outside}`,
      `/tmp/${outside}`,
    ];
    const payload = receiptEntries[0]!.data;
    for (const [index, name] of hostileNames.entries()) {
      // Early (before the database) and, once, last: after the real receipts and the database.
      const forged =
        index === 0
          ? [manifestEntry!, ...rest, { name, data: payload }]
          : [manifestEntry!, { name, data: payload }, ...rest];
      const file = path.join(workDir, `forjada-${index}.tar.gz`);
      await writeEntries(file, forged);
      const target = makeDataDir();
      const refused = await runScript("restore.js", [file], { DATA_DIR: target });
      expect(refused.code, name).toBe(1);
      expect(refused.output, name).toContain(`Refusing the unexpected`);
      expect(refused.output, name).toContain(name);
      expect(refused.output, name).not.toMatch(/^\s+at /m);
      expect(existsSync(path.join(target, "db")) ? readdirSync(path.join(target, "db")) : [], name).toEqual([]);
      expect(readReceipts(target).size, name).toBe(0);
      expect(existsSync(path.join(target, "x.webp")), name).toBe(false);
      expect(existsSync(path.join(target, outside)), name).toBe(false);
      expect(existsSync(path.join(path.dirname(target), outside)), name).toBe(false);
      expect(existsSync(path.join("/tmp", outside)), name).toBe(false);
    }
  },
);
