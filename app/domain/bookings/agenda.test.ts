import { describe, expect, test } from "vitest";

import { parseWithSchema } from "~/lib/form-data";

import {
  type AgendaBooking,
  agendaSearch,
  BLOCK_RANGE_MESSAGE,
  blockFormSchema,
  countCoveredBookings,
  countRunningAt,
  describeCoveredBookings,
  formatWeekRange,
  groupByDate,
  groupByService,
  readAgendaQuery,
  shiftAgendaDate,
  telHref,
  toAgendaBooking,
  weekOf,
} from "./agenda";
import { limaInstant } from "./slots";

// The agenda's pure rules (issue 28): which week a date is in, how bookings group by service
// and how much of a service's capacity is taken at each time.

const BATH = { id: 1, title: "Baño y Corte para Perro", capacity: 2 };
const VET = { id: 2, title: "Consulta Veterinaria General", capacity: 1 };

let nextId = 1;
function booking(
  service: { id: number; title: string },
  date: string,
  from: string,
  to: string,
  overrides: Partial<AgendaBooking> = {},
): AgendaBooking {
  const id = nextId++;
  return {
    id,
    code: `RES-${String(id).padStart(6, "0")}`,
    serviceId: service.id,
    serviceTitle: service.title,
    size: "small",
    status: "confirmed",
    petName: `Mascota ${id}`,
    petSpecies: "dog",
    petBreed: "",
    customerName: "Cliente",
    customerPhone: "987 654 321",
    notes: "",
    date,
    startTime: from,
    endTime: to,
    ...overrides,
  };
}

describe("weekOf", () => {
  test("is Monday to Sunday, whatever day of the week is given", () => {
    const week = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];
    for (const date of week) expect(weekOf(date)).toEqual(week);
  });

  test("crosses months and years", () => {
    // Thursday 1 January 2026: its Monday is 29 December 2025.
    expect(weekOf("2026-01-01")).toEqual([
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
    ]);
    expect(formatWeekRange(weekOf("2026-01-01"))).toBe("Semana del 29 de diciembre de 2025 al 4 de enero de 2026");
    expect(formatWeekRange(weekOf("2026-12-02"))).toBe("Semana del 30 de noviembre al 6 de diciembre de 2026");
    expect(formatWeekRange(weekOf("2030-12-04"))).toBe("Semana del 2 al 8 de diciembre de 2030");
  });

  test("previous and next move a day or a week", () => {
    expect(shiftAgendaDate("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftAgendaDate("week", "2026-12-02", -1)).toBe("2026-11-25");
  });
});

describe("readAgendaQuery", () => {
  // 23:30 on 1 December in Lima is already 2 December in UTC.
  const lateEvening = new Date("2026-12-02T04:30:00Z");

  test("defaults to today's day view in Lima, not the server's or UTC's date", () => {
    expect(readAgendaQuery(new URLSearchParams(), lateEvening)).toEqual({
      view: "day",
      date: "2026-12-01",
      isHidingCancelled: false,
    });
  });

  test("reads the week, a date and the cancelled filter; a bad date is today", () => {
    const query = readAgendaQuery(
      new URLSearchParams(agendaSearch({ view: "week", date: "2026-12-09", isHidingCancelled: true })),
      lateEvening,
    );
    expect(query).toEqual({ view: "week", date: "2026-12-09", isHidingCancelled: true });
    for (const fecha of ["2026-02-30", "mañana", ""]) {
      expect(readAgendaQuery(new URLSearchParams({ fecha }), lateEvening).date).toBe("2026-12-01");
    }
  });
});

describe("toAgendaBooking", () => {
  test("shows Lima dates and times", () => {
    const shown = toAgendaBooking({
      ...booking(BATH, "", "", ""),
      startsAt: limaInstant("2026-12-01", 23 * 60),
      endsAt: limaInstant("2026-12-02", 0),
    });
    expect(shown).toMatchObject({ date: "2026-12-01", startTime: "23:00", endTime: "24:00" });
    expect(shown).not.toHaveProperty("startsAt");
  });
});

describe("groupByService", () => {
  test("groups by service in the services' order, each by time, with the capacity used at each time", () => {
    const longBath = booking(BATH, "2026-12-02", "09:00", "11:00", { size: "large" });
    const vet = booking(VET, "2026-12-02", "09:30", "10:00");
    // Cancelled first, so it has the smaller code: it is still listed last at its time.
    const cancelledBath = booking(BATH, "2026-12-02", "10:00", "11:00", { status: "cancelled" });
    const secondBath = booking(BATH, "2026-12-02", "10:00", "11:30", { size: "medium" });
    const lateBath = booking(BATH, "2026-12-02", "15:00", "16:00");
    const groups = groupByService([lateBath, vet, cancelledBath, secondBath, longBath], [BATH, VET]);

    expect(groups.map((group) => [group.title, group.capacity])).toEqual([
      ["Baño y Corte para Perro", 2],
      ["Consulta Veterinaria General", 1],
    ]);
    const bath = groups[0]!;
    expect(bath.times.map((row) => [row.time, row.used, row.bookings.map((b) => b.id)])).toEqual([
      ["09:00", 1, [longBath.id]],
      // The 9:00 large dog still runs at 10:00; the cancelled booking takes no place and comes last.
      ["10:00", 2, [secondBath.id, cancelledBath.id]],
      ["15:00", 1, [lateBath.id]],
    ]);
    expect(groups[1]!.times).toEqual([{ time: "09:30", used: 1, bookings: [vet] }]);
  });

  test("a service that is no longer reservable keeps its group under the booking's title", () => {
    const old = booking({ id: 99, title: "Spa Felino" }, "2026-12-02", "11:00", "12:00");
    const groups = groupByService([old], [BATH]);
    expect(groups).toEqual([
      { serviceId: 99, title: "Spa Felino", capacity: 1, times: [{ time: "11:00", used: 1, bookings: [old] }] },
    ]);
    expect(groupByService([], [BATH, VET])).toEqual([]);
  });

  test("countRunningAt counts the visits under way at a time, their end excluded", () => {
    const list = [booking(BATH, "d", "09:00", "10:00"), booking(BATH, "d", "09:30", "11:00")];
    expect(countRunningAt(list, "09:30")).toBe(2);
    expect(countRunningAt(list, "10:00")).toBe(1);
    expect(countRunningAt(list, "11:00")).toBe(0);
  });
});

describe("groupByDate", () => {
  test("puts each booking on its day, in time order, and leaves empty days empty", () => {
    const late = booking(VET, "2026-12-03", "16:00", "16:30");
    const early = booking(BATH, "2026-12-03", "09:00", "10:00");
    const days = groupByDate([late, early], weekOf("2026-12-03"));
    expect(days).toHaveLength(7);
    expect(days[3]).toEqual({ date: "2026-12-03", bookings: [early, late] });
    expect(days.filter((day) => day.bookings.length === 0)).toHaveLength(6);
  });
});

describe("blocks", () => {
  test("count the confirmed bookings they touch, of their service or of all", () => {
    const list = [
      booking(BATH, "2026-12-02", "09:00", "10:00"),
      booking(BATH, "2026-12-02", "10:00", "11:00"),
      booking(VET, "2026-12-02", "10:30", "11:00"),
      booking(BATH, "2026-12-02", "10:30", "11:30", { status: "cancelled" }),
      booking(BATH, "2026-12-03", "10:30", "11:30"),
    ];
    const range = { date: "2026-12-02", startTime: "10:00", endTime: "12:00" };
    expect(countCoveredBookings({ ...range, serviceId: null }, list)).toBe(2);
    expect(countCoveredBookings({ ...range, serviceId: BATH.id }, list)).toBe(1);
    expect(describeCoveredBookings(2)).toBe("Hay 2 reservas en ese horario: muévelas o cancélalas.");
    expect(describeCoveredBookings(1)).toBe("Hay 1 reserva en ese horario: muévela o cancélala.");
  });

  test("the form wants a date and a range that ends after it starts, in Spanish", () => {
    const ok = parseWithSchema(blockFormSchema, { date: "2026-12-02", from: "15:00", to: "16:30", serviceId: "todos" });
    expect(ok).toEqual({
      success: true,
      data: { date: "2026-12-02", from: "15:00", to: "16:30", serviceId: null, reason: "" },
    });
    const backwards = parseWithSchema(blockFormSchema, { date: "2026-12-02", from: "16:00", to: "15:00" });
    expect(backwards).toMatchObject({ success: false, errors: { to: BLOCK_RANGE_MESSAGE } });
    const bad = parseWithSchema(blockFormSchema, { date: "2026-02-30", from: "9:7", to: "", serviceId: "x" });
    expect(bad).toMatchObject({
      success: false,
      errors: {
        date: "Elige una fecha válida.",
        from: "Escribe la hora como 09:30.",
        to: "Escribe la hora final.",
        serviceId: "Elige un servicio de la lista.",
      },
    });
    const service = parseWithSchema(blockFormSchema, {
      date: "2026-12-02",
      from: "09:00",
      to: "10:00",
      serviceId: "7",
    });
    expect(service).toMatchObject({ success: true, data: { serviceId: 7 } });
    // Typed the Peruvian way on a text box (issue 40): day first, times in 24 hours.
    const typed = parseWithSchema(blockFormSchema, { date: "02/12/2026", from: "930", to: "17.45" });
    expect(typed).toMatchObject({ success: true, data: { date: "2026-12-02", from: "09:30", to: "17:45" } });
  });
});

test("telHref dials a Peruvian mobile with +51", () => {
  expect(telHref("987 654 321")).toBe("tel:+51987654321");
  expect(telHref("+51 987-654-321")).toBe("tel:+51987654321");
  expect(telHref("(01) 444 5555")).toBe("tel:014445555");
});
