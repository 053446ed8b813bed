import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { bookingBlocks, bookings, services } from "~/db/schema";
import type { AgendaServiceGroup } from "~/domain/bookings/agenda";
import { type BookingForm, bookingFormSchema } from "~/domain/bookings/booking";
import {
  type BookableService,
  createBooking,
  getBookableService,
  listFreeSlots,
} from "~/domain/bookings/booking-store.server";
import { limaInstant } from "~/domain/bookings/slots";
import { parseWithSchema } from "~/lib/form-data";
import { requestAs, signUpCustomer } from "~test/auth";
import { readRedirect } from "~test/catalog-editor";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import AgendaPage, { action, loader } from "./agenda";
import DaySheetPage, { loader as daySheetLoader } from "./day-sheet";

// /admin/reservas as the owner uses it (issue 28): the day and the week, blocking a time range,
// and the printable agenda of the day.

const { handle, adminCookie } = seededShopWithAdmin();
let customerCookie: string;
let bath: BookableService;
let vet: BookableService;

/** Tuesday 3 December 2030, 6:00 in Lima; the agenda's day is the Wednesday after. */
const NOW = new Date("2030-12-03T11:00:00Z");
const DAY = "2030-12-04";

async function bookableNamed(title: string): Promise<BookableService> {
  const [row] = await handle().db.select({ id: services.id }).from(services).where(eq(services.title, title));
  return (await getBookableService(row!.id))!;
}

beforeAll(async () => {
  bath = await bookableNamed("Baño y Corte para Perro");
  vet = await bookableNamed("Consulta Veterinaria General");
  customerCookie = await signUpCustomer("curioso-agenda@example.pe");
});

async function book(service: BookableService, fields: Record<string, string>) {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: DAY,
    petSpecies: "dog",
    customerPhone: "987 654 321",
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const result = await createBooking({
    serviceId: service.id,
    form: parsed.data as BookingForm,
    userId: null,
    now: NOW,
  });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.booking;
}

type Loaded = Awaited<ReturnType<typeof loader>>;

function load(search: string, cookie: string | null = adminCookie()) {
  return loader({ request: requestAs(cookie, `/admin/reservas${search}`), params: {}, context: {} } as never);
}

function post(fields: Record<string, string>, cookie: string | null = adminCookie()) {
  const request = requestAs(cookie, "/admin/reservas", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: {} } as never) as Promise<unknown>;
}

/** The page as the server renders it, without React's text separators ('ocupado <!-- -->1'). */
async function render(search: string) {
  const page = await renderRoute(
    { Page: AgendaPage, loader, action } as never,
    requestAs(adminCookie(), `/admin/reservas${search}`),
  );
  return { ...page, html: page.html.replaceAll("<!-- -->", "") };
}

async function blockCount(): Promise<number> {
  const [row] = await handle().db.select({ n: count() }).from(bookingBlocks);
  return row!.n;
}

function times(group: AgendaServiceGroup | undefined) {
  return group?.times.map((row) => [row.time, row.used, row.bookings.map((booking) => booking.petName)]);
}

async function freeBathTimes(): Promise<string[]> {
  return (await listFreeSlots(bath, "small", DAY, NOW)).map((slot) => slot.time);
}

describe("the agenda", () => {
  test("is the administrator's only: others get the admin sign-in, and their posts store nothing", async () => {
    for (const cookie of [null, customerCookie]) {
      for (const refused of [
        await load("", cookie).catch((thrown: unknown) => thrown),
        await post({ intent: "block", date: DAY, from: "09:00", to: "10:00" }, cookie).catch(
          (thrown: unknown) => thrown,
        ),
        await daySheetLoader({
          request: requestAs(cookie, `/admin/reservas/dia?fecha=${DAY}`),
          params: {},
          context: {},
        } as never).catch((thrown: unknown) => thrown),
      ]) {
        expect(refused).toBeInstanceOf(Response);
        expect((refused as Response).headers.get("Location")).toBe("/admin");
      }
    }
    expect(await blockCount()).toBe(0);
  });

  test("a booking shows in its day, by service with the capacity used, and in its week", async () => {
    const rocky = await book(bath, {
      time: "10:00",
      size: "large",
      petName: "Rocky",
      petBreed: "Labrador",
      customerName: "Ana Torres",
      notes: "Muerde al secar",
    });
    // Toby's 11:00 place is given back when cancelled, and Luna takes it.
    const cancelled = await book(bath, { time: "11:00", petName: "Toby", customerName: "Dora Paz" });
    await handle().db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, cancelled.id));
    await book(bath, { time: "11:00", petName: "Luna", customerName: "Beto Ríos", customerPhone: "912 345 678" });
    await book(vet, { time: "09:30", petName: "Michi", petSpecies: "cat", customerName: "Carla Díaz" });

    const day = (await load(`?fecha=${DAY}`)) as Loaded;
    expect(day.query).toEqual({ view: "day", date: DAY, isHidingCancelled: false });
    expect(day.groups.map((group) => [group.title, group.capacity])).toEqual([
      ["Baño y Corte para Perro", 2],
      ["Consulta Veterinaria General", 1],
    ]);
    // The large dog (10:00–12:00) still runs at 11:00; the cancelled Toby takes no place.
    expect(times(day.groups[0])).toEqual([
      ["10:00", 1, ["Rocky"]],
      ["11:00", 2, ["Luna", "Toby"]],
    ]);
    expect(times(day.groups[1])).toEqual([["09:30", 1, ["Michi"]]]);

    const page = await render(`?fecha=${DAY}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Baño y Corte para Perro <span");
    expect(page.html).toContain("2 a la vez");
    expect(page.html).toContain("ocupado 2 de 2");
    expect(page.html).toContain("10:00–12:00");
    expect(page.html).toContain("Rocky · Perro · Grande · Labrador");
    expect(page.html).toContain("Michi · Gato · Pequeño");
    expect(page.html).toContain('href="tel:+51987654321"');
    expect(page.html).toContain("Muerde al secar");
    expect(page.html).toContain(rocky.code);
    expect(page.html).toContain(`href="/admin/reservas/${rocky.id}"`);
    expect(page.html).toContain(">Cancelada<");
    expect(page.html).toContain(`href="/admin/reservas/dia?fecha=${DAY}"`);

    const hidden = (await load(`?fecha=${DAY}&canceladas=ocultar`)) as Loaded;
    expect(hidden.bookings.map((booking) => booking.petName)).not.toContain("Toby");

    // Sunday's week view: Monday 2 to Sunday 8 December, the bookings on Wednesday.
    const week = (await load("?vista=semana&fecha=2030-12-08")) as Loaded;
    expect(week.dates).toEqual([
      "2030-12-02",
      "2030-12-03",
      "2030-12-04",
      "2030-12-05",
      "2030-12-06",
      "2030-12-07",
      "2030-12-08",
    ]);
    expect(week.days[2]!.bookings.map((booking) => [booking.startTime, booking.petName])).toEqual([
      ["09:30", "Michi"],
      ["10:00", "Rocky"],
      ["11:00", "Luna"],
      ["11:00", "Toby"],
    ]);
    expect(week.days.filter((weekDay) => weekDay.bookings.length > 0)).toHaveLength(1);
    const weekPage = await render("?vista=semana&fecha=2030-12-08");
    expect(weekPage.html).toContain("Semana del 2 al 8 de diciembre de 2030");
    expect(weekPage.html).toContain("Consulta Veterinaria General: 1 · Baño y Corte para Perro: 2");

    const empty = await render("?fecha=2030-12-05");
    expect(empty.html).toContain("No hay reservas para este día.");
  });

  test("the printable sheet lists the day's bookings that hold time, by service and time", async () => {
    const sheet = (await daySheetLoader({
      request: requestAs(adminCookie(), `/admin/reservas/dia?fecha=${DAY}`),
      params: {},
      context: {},
    } as never)) as { date: string; count: number; groups: AgendaServiceGroup[] };
    expect(sheet.date).toBe(DAY);
    expect(sheet.count).toBe(3);
    expect(sheet.groups.map(times)).toEqual([
      [
        ["10:00", 1, ["Rocky"]],
        ["11:00", 2, ["Luna"]],
      ],
      [["09:30", 1, ["Michi"]]],
    ]);
    const page = await renderRoute(
      { Page: DaySheetPage, loader: daySheetLoader, action: () => null } as never,
      requestAs(adminCookie(), `/admin/reservas/dia?fecha=${DAY}`),
    );
    page.html = page.html.replaceAll("<!-- -->", "");
    expect(page.html).toContain("Agenda del día");
    expect(page.html).toContain("3 citas");
    expect(page.html).toContain("Muerde al secar");
    expect(page.html).toContain("912 345 678");
    expect(page.html).not.toContain("Toby");
  });

  test("a block stores its Lima range and hides the slots it covers; 'Quitar' gives them back", async () => {
    expect(await freeBathTimes()).toEqual(expect.arrayContaining(["15:00", "15:30", "16:00", "16:30"]));
    const blocked = await readRedirect(
      await post({ intent: "block", date: DAY, from: "15:00", to: "16:30", serviceId: "todos", reason: "Fumigación" }),
    );
    expect(blocked.location).toBe(`/admin/reservas?fecha=${DAY}`);
    expect(blocked.toast).toMatchObject({ title: "Horario Bloqueado" });
    const [row] = await handle().db.select().from(bookingBlocks);
    expect(row).toMatchObject({
      serviceId: null,
      startsAt: limaInstant(DAY, 15 * 60),
      endsAt: limaInstant(DAY, 16 * 60 + 30),
      reason: "Fumigación",
    });
    const free = await freeBathTimes();
    expect(free).not.toContain("15:00");
    expect(free).not.toContain("16:00");
    expect(free).toContain("16:30");
    expect((await listFreeSlots(vet, "small", DAY, NOW)).map((slot) => slot.time)).not.toContain("16:00");

    const day = (await load(`?fecha=${DAY}`)) as Loaded;
    expect(day.blocks).toEqual([
      expect.objectContaining({
        id: row!.id,
        serviceTitle: null,
        startTime: "15:00",
        endTime: "16:30",
        reason: "Fumigación",
      }),
    ]);
    const page = await render(`?fecha=${DAY}`);
    expect(page.html).toContain("15:00–16:30 · Todos los servicios");

    const removed = await readRedirect(await post({ intent: "unblock", id: String(row!.id) }));
    expect(removed.toast).toMatchObject({ title: "Bloqueo Quitado" });
    expect(await blockCount()).toBe(0);
    expect(await freeBathTimes()).toContain("15:00");
  });

  test("a block over confirmed bookings is kept, and says how many to move", async () => {
    const blocked = await readRedirect(
      await post({ intent: "block", date: DAY, from: "10:30", to: "11:30", serviceId: String(bath.id) }),
    );
    // Rocky (10:00–12:00) and Luna (11:00–12:00); the cancelled Toby and the vet's Michi do not count.
    expect(blocked.toast).toMatchObject({ variant: "warning" });
    expect(blocked.toast?.description).toContain("Hay 2 reservas en ese horario: muévelas o cancélalas.");
    const [row] = await handle().db.select().from(bookingBlocks);
    expect(row!.serviceId).toBe(bath.id);
    const page = await render(`?fecha=${DAY}`);
    expect(page.html).toContain("10:30–11:30 · Baño y Corte para Perro");
    expect(page.html).toContain("Hay 2 reservas en ese horario: muévelas o cancélalas.");
    await handle().db.delete(bookingBlocks);
  });

  test("bad block input is refused beside its field in Spanish, keeps what was typed and stores nothing", async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ date: DAY, from: "16:00", to: "15:00" }, "to", /posterior/],
      [{ date: DAY, from: "15:00", to: "15:00" }, "to", /posterior/],
      [{ date: "", from: "15:00", to: "16:00" }, "date", /Elige el día/],
      [{ date: "2030-02-30", from: "15:00", to: "16:00" }, "date", /fecha válida/],
      [{ date: "2020-01-08", from: "15:00", to: "16:00" }, "date", /ya pasó/],
      [{ date: DAY, from: "25:00", to: "26:00" }, "from", /09:30/],
      [{ date: DAY, from: "15:00", to: "16:00", serviceId: "999999" }, "serviceId", /servicio de la lista/],
      [{ date: DAY, from: "15:00", to: "16:00", serviceId: "1; drop table" }, "serviceId", /servicio de la lista/],
      [{ date: DAY, from: "15:00", to: "16:00", reason: "x".repeat(201) }, "reason", /200 caracteres/],
    ];
    for (const [fields, field, message] of cases) {
      const refused = (await post({ intent: "block", ...fields })) as {
        data: { errors: Record<string, string>; values: Record<string, string> };
        init: { status: number };
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.errors[field]).toMatch(message);
      expect(refused.data.values).toMatchObject(fields);
    }
    expect(await blockCount()).toBe(0);
    const stale = await readRedirect(await post({ intent: "unblock", id: "999999" }));
    expect(stale.toast).toMatchObject({ title: "Error" });
  });
});

describe("a phone holding many bookings ahead (issue 41)", () => {
  const RUN_DAY = "2030-12-06";
  const runIds: number[] = [];

  /** The owner's bookings pass the shopper's limits: the way a run can be there to find. */
  async function bookByPhone(service: BookableService, time: string, customerPhone: string) {
    const parsed = parseWithSchema(bookingFormSchema, {
      size: "small",
      date: RUN_DAY,
      time,
      petName: "Nube",
      petSpecies: "dog",
      customerName: "Visitante",
      customerPhone,
    });
    if (!parsed.success) throw new Error(parsed.firstMessage);
    const result = await createBooking({
      serviceId: service.id,
      form: parsed.data,
      userId: null,
      now: NOW,
      source: "admin",
    });
    if (!result.ok) throw new Error(result.refusal.message);
    return result.booking.id;
  }

  async function confirmedOf(ids: number[]) {
    const rows = await handle().db.select({ id: bookings.id, status: bookings.status }).from(bookings);
    return rows.filter((row) => ids.includes(row.id) && row.status === "confirmed").length;
  }

  beforeAll(async () => {
    for (const time of ["09:00", "09:30", "10:00"]) runIds.push(await bookByPhone(vet, time, "955 123 456"));
    runIds.push(await bookByPhone(bath, "09:00", "+51 955-123-456"));
  });

  test("the agenda names it with its count and 'Cancelar todas', behind a question", async () => {
    const day = (await load(`?fecha=${DAY}`)) as Loaded;
    expect(day.phoneRuns).toEqual([{ phoneKey: "955123456", phone: "955 123 456", count: 4 }]);
    const page = await render("?vista=semana&fecha=2030-12-08");
    expect(page.html).toContain("Muchas citas con un mismo celular");
    expect(page.html).toContain("955 123 456 tiene 4 citas próximas");
    expect(page.html).toMatch(/<button[^>]*aria-label="Cancelar todas: 955 123 456 tiene 4 citas próximas"/);
    // The phone of the earlier tests holds fewer, and is not named.
    expect(page.html).not.toContain("987 654 321 tiene");
  });

  test("'Cancelar todas' is the administrator's only: others get the admin sign-in and cancel nothing", async () => {
    for (const cookie of [null, customerCookie]) {
      const refused = await post({ intent: "cancel-phone", phone: "955123456" }, cookie).catch(
        (thrown: unknown) => thrown,
      );
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get("Location")).toBe("/admin");
    }
    expect(await confirmedOf(runIds)).toBe(4);
  });

  test("cancels that phone's bookings ahead in one step and says how many", async () => {
    const request = requestAs(adminCookie(), `/admin/reservas?fecha=${RUN_DAY}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "cancel-phone", phone: "955123456" }),
    });
    const done = await readRedirect((await action({ request, params: {}, context: {} } as never)) as Response);
    expect(done.location).toBe(`/admin/reservas?fecha=${RUN_DAY}`);
    expect(done.toast).toMatchObject({
      title: "Citas Canceladas",
      description: "Se cancelaron 4 citas próximas de 955 123 456.",
    });
    expect(await confirmedOf(runIds)).toBe(0);
    // The earlier tests' bookings of other phones are still there.
    expect(((await load(`?fecha=${DAY}`)) as Loaded).bookings.filter((b) => b.status === "confirmed")).toHaveLength(3);
    expect(((await load(`?fecha=${DAY}`)) as Loaded).phoneRuns).toEqual([]);

    const again = await readRedirect(await post({ intent: "cancel-phone", phone: "955123456" }));
    expect(again.toast).toMatchObject({ description: "955 123 456 ya no tenía citas próximas por cancelar." });
    const forged = await readRedirect(await post({ intent: "cancel-phone", phone: "' or 1=1" }));
    expect(forged.toast).toMatchObject({ title: "Error" });
  });
});
