import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { auditLog, users } from "~/db/schema";
import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import { loader } from "~/routes/admin/audit-log";
import { requestAs, signInAdminCookie } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { recordAudit } from "./audit.server";
import { listAuditEntries, listAuditFilterOptions } from "./audit-log.server";

const { handle } = setUpTestDatabase();
let adminCookie: string;
let adminId: string;
let otherId: string;

beforeAll(async () => {
  await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: "clave-admin-1" }, () => {});
  adminCookie = await signInAdminCookie("admin", "clave-admin-1");
  const [admin] = await handle().db.select().from(users).where(eq(users.username, "admin"));
  adminId = admin!.id;
  otherId = "otro-admin-id";
  await handle().db.insert(users).values({
    id: otherId,
    name: "Otro",
    email: "otro@example.pe",
    username: "otro",
    displayUsername: "Otro",
    role: "admin",
  });
  // 60 product entries by the main admin, then 3 by another admin, one with markup in it.
  for (let index = 1; index <= 60; index += 1) {
    await recordAudit({
      userId: adminId,
      action: "update",
      entity: "product",
      entityId: index,
      summary: { title: `Producto ${index}` },
    });
  }
  await recordAudit({
    userId: otherId,
    action: "create",
    entity: "promotion",
    entityId: 7,
    summary: { title: "<script>alert(1)</script>" },
  });
  await recordAudit({
    userId: otherId,
    action: "update",
    entity: "taxonomy:brands",
    entityId: 3,
    summary: { name: "Nutri" },
  });
  await recordAudit({
    userId: otherId,
    action: "status",
    entity: "order",
    entityId: 12,
    summary: { status: "entregado" },
  });
});

test("newest first, 50 per page", async () => {
  const first = await listAuditEntries({ entity: null, userId: null, page: 1 });
  // 63 entries plus the admin sign-in of beforeAll.
  expect(first.total).toBe(64);
  expect(first.pageCount).toBe(2);
  expect(first.rows).toHaveLength(50);
  expect(first.rows[0]).toMatchObject({ entity: "order", username: "Otro" });
  const second = await listAuditEntries({ entity: null, userId: null, page: 2 });
  expect(second.rows).toHaveLength(14);
  expect(second.rows.at(-1)).toMatchObject({ action: "sign-in", entity: "session", username: "admin" });
});

test("filters by entity and by user, and offers the entities and users found in the log", async () => {
  const products = await listAuditEntries({ entity: "product", userId: null, page: 1 });
  expect(products.total).toBe(60);
  expect(products.rows[0]).toMatchObject({ entityId: "60" });
  const byOther = await listAuditEntries({ entity: null, userId: otherId, page: 1 });
  expect(byOther.rows.map((row) => row.entity)).toEqual(["order", "taxonomy:brands", "promotion"]);
  const both = await listAuditEntries({ entity: "promotion", userId: adminId, page: 1 });
  expect(both.total).toBe(0);

  const options = await listAuditFilterOptions();
  expect(options.entities).toEqual(["order", "product", "promotion", "session", "taxonomy:brands"]);
  expect(options.users.map((user) => user.username)).toEqual(["admin", "Otro"]);
});

test("an entry whose author was deleted stays, without a name", async () => {
  await recordAudit({ userId: otherId, action: "delete", entity: "product", entityId: 99 });
  await handle().db.delete(users).where(eq(users.id, otherId));
  const [latest] = (await listAuditEntries({ entity: null, userId: null, page: 1 })).rows;
  expect(latest).toMatchObject({ entityId: "99", userId: null, username: null });
  expect((await handle().db.select().from(auditLog)).length).toBe(65);
});

test("the screen's loader filters through the URL and formats each summary", async () => {
  const loaderData = await loader({
    request: requestAs(adminCookie, "/admin/auditoria?entidad=promotion"),
    params: {},
    context: {},
  } as never);
  expect(loaderData.rows).toHaveLength(1);
  // Rendered by React as text, so the markup an admin typed is shown, never run.
  expect(loaderData.rows[0]).toMatchObject({ summary: [{ key: "título", value: "<script>alert(1)</script>" }] });
  expect(loaderData.rows[0]!.when).toMatch(/\d{4}/);
  expect(loaderData.entityOptions).toContainEqual({ value: "taxonomy:brands", label: "Taxonomía (marcas)" });
});
