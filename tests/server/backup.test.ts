import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "vitest";

import { makeDataDir, signInAtAdmin, startServer } from "../support/server-process";
import {
  databaseFingerprint,
  fileComplaintOverHttp,
  placeOrderOverHttp,
  runScript,
  uploadImageOverHttp,
  withPglite,
} from "../support/shop-traffic";

test("npm run backup and npm run restore round-trip a shop on the embedded database", { timeout: 90_000 }, async () => {
  const dataDir = makeDataDir();
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
  const before = await withPglite(dataDir, databaseFingerprint);

  const backup = await runScript("backup.js", ["--out", backupFile], { DATA_DIR: dataDir });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain("2 orders, 1 complaints");

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
  expect(await withPglite(restoredDir, databaseFingerprint)).toBe(before);

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
  } finally {
    expect(await restored.stop()).toBe(0);
  }
});
