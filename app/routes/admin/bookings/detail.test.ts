// The booking detail and the booking taken by phone, as the back office calls them: guarded,
// the agenda (with a toast) for an unknown booking, and the manual form storing a booking with source 'admin'.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { bookingChanges, bookings, services } from "~/db/schema";
import { SLOT_TAKEN_MESSAGE } from "~/domain/bookings/booking";
import { STALE_BOOKING_MESSAGE } from "~/domain/bookings/booking-admin";
import { getScheduleRules } from "~/domain/bookings/booking-store.server";
import { bookingWindow, closedReason, weekdayOf } from "~/domain/bookings/slots";
import { requestAs, signUpCustomer } from "~test/auth";
import { readRedirect } from "~test/catalog-editor";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import BookingDetailPage, { action as detailAction, loader as detailLoader } from "./detail";
import { action as newAction, loader as newLoader } from "./new";

const { handle, adminCookie } = seededShopWithAdmin();
let consultId: number;
/** An open weekday (9:00–13:00, 15:00–19:00) a few days ahead: the routes book with the real clock. */
let day: string;

type Failure = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

beforeAll(async () => {
  const [row] = await handle()
    .db.select({ id: services.id })
    .from(services)
    .where(eq(services.title, "Consulta Veterinaria General"));
  consultId = row!.id;
  const rules = await getScheduleRules();
  const now = new Date();
  day = bookingWindow(rules, now)
    .slice(3)
    .find((date) => closedReason(rules, date, now) === null && weekdayOf(date) !== 6)!;
});

function bookingFields(overrides: Record<string, string> = {}) {
  return {
    serviceId: String(consultId),
    size: "medium",
    date: day,
    time: "10:00",
    petName: "Rocky",
    petSpecies: "dog",
    petBreed: "Beagle",
    customerName: "Marta Quispe",
    customerPhone: "987 111 222",
    customerEmail: "",
    notes: "Llamó por teléfono",
    ...overrides,
  };
}

function postNew(cookie: string | null, fields: Record<string, string>) {
  const request = requestAs(cookie, "/admin/reservas/nueva", { method: "POST", body: new URLSearchParams(fields) });
  return newAction({ request, params: {}, context: {} } as never) as Promise<unknown>;
}

function callDetail(cookie: string | null, bookingId: string, body?: Record<string, string>) {
  const request = requestAs(cookie, `/admin/reservas/${bookingId}`, {
    method: body ? "POST" : "GET",
    body: body ? new URLSearchParams(body) : undefined,
  });
  const run = body ? detailAction : detailLoader;
  return run({ request, params: { bookingId }, context: {} } as never) as Promise<unknown>;
}

function renderDetail(bookingId: number, search = "") {
  const request = requestAs(adminCookie(), `/admin/reservas/${bookingId}${search}`);
  const params = { bookingId: String(bookingId) };
  const withParams = (run: (args: never) => unknown) => (args: object) => run({ ...args, params } as never);
  return renderRoute(
    { Page: BookingDetailPage, loader: withParams(detailLoader), action: withParams(detailAction) } as never,
    request,
  );
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

async function bookByPhone(fields: Record<string, string> = {}) {
  const { location } = await readRedirect(await postNew(adminCookie(), bookingFields(fields)));
  return Number(location!.split("/").at(-1));
}

describe("guards", () => {
  test("a shopper or a stranger is sent to /admin, and their posts store nothing", async () => {
    const shopper = await signUpCustomer("curioso@example.com");
    for (const cookie of [null, shopper]) {
      const answers = [
        await thrown(callDetail(cookie, "1")),
        await thrown(callDetail(cookie, "1", { intent: "status", status: "cancelled", from: "confirmed" })),
        await thrown(
          newLoader({ request: requestAs(cookie, "/admin/reservas/nueva"), params: {}, context: {} } as never),
        ),
        await thrown(postNew(cookie, bookingFields())),
      ];
      for (const answer of answers) {
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).headers.get("Location")).toBe("/admin");
      }
    }
    expect(await handle().db.select().from(bookings)).toEqual([]);
  });

  test("an unknown or malformed booking id goes back to the agenda with a toast", async () => {
    for (const id of ["999999", "abc"]) {
      for (const answer of [
        await thrown(callDetail(adminCookie(), id)),
        await callDetail(adminCookie(), id, { intent: "status", status: "attended", from: "confirmed" }).catch(
          (error: unknown) => error,
        ),
      ]) {
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("Location")).toBe("/admin/reservas");
      }
    }
  });
});

describe("the booking taken by phone", () => {
  test("the GET steps list the day's free times; the form stores a booking with source 'admin'", async () => {
    const search = `?servicio=${consultId}&tamano=medium&fecha=${day}`;
    const steps = (await newLoader({
      request: requestAs(adminCookie(), `/admin/reservas/nueva${search}`),
      params: {},
      context: {},
    } as never)) as { day: { times: string[] } };
    expect(steps.day.times).toContain("10:00");

    const redirect = await readRedirect(await postNew(adminCookie(), bookingFields()));
    expect(redirect.toast?.title).toMatch(/^Reserva RES-\d{6} creada$/);
    const id = Number(redirect.location!.split("/").at(-1));
    const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ source: "admin", petName: "Rocky", customerPhone: "987 111 222", status: "confirmed" });
    const [created] = await handle().db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, id));
    expect(created!.actor).toBe("Administrador");
  });

  test("a taken slot and bad input come back beside their fields, with what was typed", async () => {
    const taken = (await postNew(adminCookie(), bookingFields({ petName: "Luna" }))) as Failure;
    expect(taken.init.status).toBe(409);
    expect(taken.data.errors.time).toBe(SLOT_TAKEN_MESSAGE);
    expect(taken.data.values).toMatchObject({ petName: "Luna", customerName: "Marta Quispe" });
    const bad = (await postNew(adminCookie(), bookingFields({ customerPhone: "", petName: "Luna" }))) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors.customerPhone).toBeTruthy();
    expect(bad.data.values.petName).toBe("Luna");
    const rows = await handle().db.select().from(bookings).where(eq(bookings.petName, "Luna"));
    expect(rows).toEqual([]);
  });
});

describe("the booking detail", () => {
  test("shows the booking, its history and the pet's previous visit; a stale change is refused", async () => {
    const earlier = await bookByPhone({ time: "09:00", petName: "Canela", customerPhone: "955 000 111" });
    const id = await bookByPhone({ time: "11:00", petName: "canela", customerPhone: "955000111" });
    await readRedirect(
      await callDetail(adminCookie(), String(earlier), { intent: "status", status: "attended", from: "confirmed" }),
    );

    const { html, status } = await renderDetail(id);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("11:00–11:30");
    expect(text).toContain("Por teléfono");
    expect(text).toContain("Reserva creada");
    expect(text).toContain("por Administrador");
    expect(html).toContain('href="tel:+51955000111"');
    expect(html).toContain("https://wa.me/51955000111?text=Hola");
    expect(text).toContain("La mascota no está registrada en una cuenta: no se pueden guardar vacunas.");
    expect(html).toContain(`href="/admin/reservas/${earlier}"`);
    expect(text).toMatch(/\d\d\/\d\d\/\d{4} 09:00 Consulta Veterinaria General Atendida/);

    // Two admins saw it Confirmada: the first cancels it, the second's mark is refused.
    await readRedirect(
      await callDetail(adminCookie(), String(id), { intent: "status", status: "cancelled", from: "confirmed" }),
    );
    const stale = await callDetail(adminCookie(), String(id), {
      intent: "status",
      status: "attended",
      from: "confirmed",
    });
    expect((stale as Failure).init.status).toBe(409);
    expect((stale as { data: { toast: { description: string } } }).data.toast.description).toBe(STALE_BOOKING_MESSAGE);
    const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe("cancelled");
  });

  test("a move into a taken slot answers with the day's free times, and a free one moves it", async () => {
    await bookByPhone({ time: "15:00", petName: "Max" });
    const id = await bookByPhone({ time: "16:00", petName: "Bobby" });
    const [before] = await handle().db.select().from(bookings).where(eq(bookings.id, id));
    const seen = before!.startsAt.toISOString();
    const refused = (await callDetail(adminCookie(), String(id), {
      intent: "move",
      date: day,
      time: "15:00",
      seen,
    })) as Failure;
    expect(refused.init.status).toBe(409);
    expect(refused.data.errors.time).toBe(SLOT_TAKEN_MESSAGE);
    const page = textOf((await renderDetail(id, `?fecha=${day}`)).html);
    expect(page).toContain("Cambiar horario");
    expect(page).toContain("16:30");

    const moved = await readRedirect(
      await callDetail(adminCookie(), String(id), { intent: "move", date: day, time: "16:30", seen }),
    );
    expect(moved.toast?.title).toBe("Horario Cambiado");
    const history = textOf((await renderDetail(id)).html);
    expect(history).toMatch(/Horario cambiado: \d\d\/\d\d\/\d{4} 16:00 a? ?\d\d\/\d\d\/\d{4} 16:30/);
  });
});
