import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { auditLog, bookingClosedDays, bookingSchedule } from "~/db/schema";
import { END_BEFORE_START_MESSAGE, PAST_CLOSED_DAY_MESSAGE } from "~/domain/bookings/booking-settings";
import { getScheduleRules } from "~/domain/bookings/booking-store.server";
import { addDays, limaDateOf } from "~/domain/bookings/slots";
import { requestAs, signUpCustomer } from "~test/auth";
import { readRedirect } from "~test/catalog-editor";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./schedule";

// /admin/reservas/horario as the owner uses it (issue 28).

const { handle, adminCookie } = seededShopWithAdmin();
let customerCookie: string;

beforeAll(async () => {
  customerCookie = await signUpCustomer("cliente-horario@example.com");
});

type Failure = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
type LoaderData = Awaited<ReturnType<typeof loader>>;

const PATH = "/admin/reservas/horario";

function post(fields: Record<string, string>, cookie = adminCookie()) {
  const request = requestAs(cookie, PATH, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: {} } as never) as Promise<unknown>;
}

async function load(cookie = adminCookie()): Promise<LoaderData> {
  return loader({ request: requestAs(cookie, PATH), params: {}, context: {} } as never);
}

async function storedSchedule() {
  const [row] = await handle().db.select().from(bookingSchedule);
  return row!;
}

async function storedClosedDays() {
  return handle().db.select().from(bookingClosedDays).orderBy(asc(bookingClosedDays.day));
}

const today = () => limaDateOf(new Date());

/** The form as the page posts it: the migration's week with Saturday changed. */
const weekForm: Record<string, string> = {
  intent: "save",
  "hours.1.0.from": "09:00",
  "hours.1.0.to": "13:00",
  "hours.1.1.from": "15:00",
  "hours.1.1.to": "19:00",
  "hours.3.0.from": "10:00",
  "hours.3.0.to": "18:00",
  "hours.6.0.from": "09:00",
  "hours.6.0.to": "12:00",
  slotMinutes: "15",
  horizonDays: "45",
  minNoticeHours: "3",
  cancelHours: "12",
};

describe("the schedule", () => {
  test("shows the migration's default schedule and the next holidays", async () => {
    const data = await load();
    expect(data.values).toMatchObject({
      "hours.1.0.from": "09:00",
      "hours.1.1.to": "19:00",
      "hours.6.0.to": "14:00",
      slotMinutes: "30",
      horizonDays: "30",
      minNoticeHours: "2",
      cancelHours: "24",
      closedOnHolidays: "on",
    });
    expect(data.values["hours.0.0.from"]).toBeUndefined();
    expect(data.holidays).toHaveLength(5);
    expect(data.holidays.every((holiday) => holiday.date >= today())).toBe(true);
  });

  test("saves the week and the rules with 'Horario guardado', audited; the agenda reads them", async () => {
    const saved = await readRedirect(await post(weekForm));
    expect(saved).toMatchObject({ location: PATH, toast: { title: "Horario guardado" } });
    expect(await storedSchedule()).toMatchObject({
      weeklyHours: {
        "0": [],
        "1": [
          ["09:00", "13:00"],
          ["15:00", "19:00"],
        ],
        "2": [],
        "3": [["10:00", "18:00"]],
        "4": [],
        "5": [],
        "6": [["09:00", "12:00"]],
      },
      slotMinutes: 15,
      horizonDays: 45,
      minNoticeHours: 3,
      cancelHours: 12,
      closedOnHolidays: false,
    });
    expect(await getScheduleRules()).toMatchObject({ slotMinutes: 15, closedOnHolidays: false });
    const audits = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(audits.map((entry) => entry.summary)).toContainEqual({ name: "Horario de atención para citas" });
  });

  test("a refused form stores nothing and comes back as typed, the message beside the day", async () => {
    const before = await storedSchedule();
    const fields = { ...weekForm, "hours.3.0.from": "18:00", "hours.3.0.to": "10:00", slotMinutes: "0" };
    const refused = (await post(fields)) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      "hours.3": END_BEFORE_START_MESSAGE,
      slotMinutes: "Ingresa un número entero de 5 a 240.",
    });
    expect(refused.data.values).toEqual(fields);
    expect(await storedSchedule()).toEqual(before);
  });

  test("a customer or a visitor is sent to /admin, and nothing changes", async () => {
    const before = await storedSchedule();
    for (const cookie of [customerCookie, ""]) {
      await expect(load(cookie)).rejects.toSatisfy(
        (thrown) => thrown instanceof Response && thrown.headers.get("Location") === "/admin",
      );
      await expect(post({ ...weekForm, slotMinutes: "60" }, cookie)).rejects.toSatisfy(
        (thrown) => thrown instanceof Response && thrown.headers.get("Location") === "/admin",
      );
      await expect(post({ intent: "add-closed-day", day: addDays(today(), 3) }, cookie)).rejects.toBeInstanceOf(
        Response,
      );
    }
    expect(await storedSchedule()).toEqual(before);
    expect(await storedClosedDays()).toEqual([]);
  });
});

describe("the closed days", () => {
  test("adds a day with its reason, lists it, and the agenda closes it", async () => {
    const day = addDays(today(), 10);
    const added = await readRedirect(await post({ intent: "add-closed-day", day, reason: " Inventario " }));
    expect(added.toast).toMatchObject({ title: "Día cerrado añadido" });
    expect(await storedClosedDays()).toMatchObject([{ day, reason: "Inventario" }]);
    expect((await load()).closedDays).toEqual([{ day, reason: "Inventario" }]);
    expect((await getScheduleRules()).closedDays.has(day)).toBe(true);

    const again = await readRedirect(await post({ intent: "add-closed-day", day, reason: "Vacaciones" }));
    expect(again.toast).toMatchObject({ title: "Día cerrado actualizado" });
    expect(await storedClosedDays()).toMatchObject([{ day, reason: "Vacaciones" }]);
  });

  test("a past date is refused beside the date and stores nothing", async () => {
    const before = await storedClosedDays();
    const fields = { intent: "add-closed-day", day: addDays(today(), -1), reason: "Tarde" };
    const refused = (await post(fields)) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ day: PAST_CLOSED_DAY_MESSAGE });
    expect(refused.data.values).toEqual(fields);
    expect(await storedClosedDays()).toEqual(before);
  });

  test("past closed days stay stored but are not listed", async () => {
    const past = addDays(today(), -3);
    await handle().db.insert(bookingClosedDays).values({ day: past, reason: "Pasado" });
    expect((await load()).closedDays.map((closed) => closed.day)).not.toContain(past);
  });

  test("removes a day; an unknown or forged one changes nothing", async () => {
    const day = addDays(today(), 10);
    const removed = await readRedirect(await post({ intent: "remove-closed-day", day }));
    expect(removed.toast).toMatchObject({ title: "Día cerrado quitado" });
    expect((await storedClosedDays()).map((closed) => closed.day)).not.toContain(day);
    const before = await storedClosedDays();
    for (const forged of [day, "2026-02-30", "x'); drop table bookings; --"]) {
      const answer = await readRedirect(await post({ intent: "remove-closed-day", day: forged }));
      expect(answer.toast).toMatchObject({ title: "Error", variant: "destructive" });
    }
    expect(await storedClosedDays()).toEqual(before);
  });
});
