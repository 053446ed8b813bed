import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { auditLog, contactMessages } from "~/db/schema";
import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import { readToast } from "~/lib/toast.server";
import { action as messagesAction } from "~/routes/admin/messages";
import { requestAs, signInAdminCookie, toCookieHeader } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { CONTACT_MESSAGE_PAGE_SIZE, listContactMessages, setContactMessageRead } from "./contact-message-admin.server";

const { handle } = setUpTestDatabase();
let adminCookie: string;
const ids: Record<string, number> = {};

async function insertMessage(subject: string, createdAt: string, isRead = false) {
  const [row] = await handle()
    .db.insert(contactMessages)
    .values({
      fullName: "Pedro Huamán",
      email: "pedro@example.pe",
      subject,
      message: "Hola,\n¿tienen <b>arena</b> para gatos?",
      isRead,
      createdAt: new Date(createdAt),
    })
    .returning({ id: contactMessages.id });
  ids[subject] = row!.id;
}

beforeAll(async () => {
  await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: "clave-admin-1" }, () => {});
  adminCookie = await signInAdminCookie("admin", "clave-admin-1");
});

function postIntent(intent: string, id: number | string) {
  return messagesAction({
    request: requestAs(adminCookie, "/admin/mensajes", {
      method: "POST",
      body: new URLSearchParams({ intent, id: String(id) }),
    }),
    params: {},
    context: {},
  } as never);
}

describe("the contact inbox", () => {
  test("is empty at first", async () => {
    expect(await listContactMessages(1)).toMatchObject({
      messages: [],
      total: 0,
      unreadCount: 0,
      page: 1,
      pageCount: 1,
    });
  });

  test("lists unread messages first, newest first within each group, with the unread count", async () => {
    await insertMessage("leído antiguo", "2026-03-01T15:00:00Z", true);
    await insertMessage("no leído antiguo", "2026-03-02T15:00:00Z");
    await insertMessage("leído reciente", "2026-03-05T15:00:00Z", true);
    await insertMessage("no leído reciente", "2026-03-04T15:00:00Z");

    const inbox = await listContactMessages(1);
    expect(inbox.messages.map((message) => message.subject)).toEqual([
      "no leído reciente",
      "no leído antiguo",
      "leído reciente",
      "leído antiguo",
    ]);
    expect(inbox).toMatchObject({ total: 4, unreadCount: 2 });
    expect(inbox.messages[0]).toMatchObject({
      fullName: "Pedro Huamán",
      email: "pedro@example.pe",
      message: "Hola,\n¿tienen <b>arena</b> para gatos?",
      isRead: false,
      receivedAt: "4 de marzo de 2026 a las 10:00 a. m.",
    });
  });

  test("'Marcar como leído' and 'Marcar como no leído' move a message between the groups", async () => {
    expect(await postIntent("read", ids["no leído reciente"]!)).toEqual({ toast: null });
    let inbox = await listContactMessages(1);
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.messages.map((message) => message.subject)).toEqual([
      "no leído antiguo",
      "leído reciente",
      "no leído reciente",
      "leído antiguo",
    ]);

    await postIntent("unread", ids["leído antiguo"]!);
    inbox = await listContactMessages(1);
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.messages[0]!.subject).toBe("no leído antiguo");
    expect(inbox.messages[1]).toMatchObject({ subject: "leído antiguo", isRead: false });
  });

  test("an unknown message or intent changes nothing and says so", async () => {
    const before = await handle().db.select().from(contactMessages);
    for (const [intent, id] of [
      ["read", 999_999],
      ["archive", ids["leído reciente"]!],
      ["delete", 999_999],
      ["read", "abc"],
    ] as const) {
      const result = (await postIntent(intent, id)) as {
        data: { toast: { description: string } };
        init: { status: number };
      };
      expect(result.init.status).toBeGreaterThanOrEqual(400);
      expect(result.data.toast.description).toBe("Mensaje no encontrado.");
    }
    expect(await setContactMessageRead(999_999, true)).toBe(false);
    expect(await handle().db.select().from(contactMessages)).toEqual(before);
  });

  test("'Eliminar' erases a message for good; the audit log says who did it, not what it said", async () => {
    await insertMessage("borrar", "2026-03-06T15:00:00Z");
    const id = ids["borrar"]!;
    const answer = (await messagesAction({
      request: requestAs(adminCookie, "/admin/mensajes?pagina=1", {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", id: String(id) }),
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/mensajes?pagina=1");
    const { toast } = await readToast(requestAs(toCookieHeader(answer.headers), "/admin/mensajes"));
    expect(toast).toMatchObject({ title: "Mensaje Eliminado" });

    expect(await handle().db.select().from(contactMessages).where(eq(contactMessages.id, id))).toEqual([]);
    const [entry] = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "contact-message"));
    expect(entry).toMatchObject({ action: "delete", entityId: String(id), summary: null });

    // Gone: a second delete (another tab) finds nothing.
    const again = (await postIntent("delete", id)) as { init: { status: number } };
    expect(again.init.status).toBe(404);
  });

  test("pages through the messages, the page clamped to the last one", async () => {
    for (let i = 0; i < CONTACT_MESSAGE_PAGE_SIZE; i++) {
      await insertMessage(`extra ${i}`, `2026-02-01T1${i % 10}:00:00Z`, true);
    }
    const last = await listContactMessages(99);
    expect(last).toMatchObject({ total: CONTACT_MESSAGE_PAGE_SIZE + 4, page: 2, pageCount: 2 });
    // The oldest read ones come last; at the same instant, the later one first.
    expect(last.messages.map((message) => message.subject)).toEqual(["extra 11", "extra 1", "extra 10", "extra 0"]);
  });
});
