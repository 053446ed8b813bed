import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { closedReason, freeSlots, gridSlots, hasRoom, limaDateOf, limaInstant, type ScheduleRules } from "./slots";

// The agenda's arithmetic in Lima time, whatever the server's own zone: these tests run with the
// process in Tokyo (UTC+9), where a slip to local time would move every slot.
const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  process.env.TZ = originalZone;
});

const weekday: [string, string][] = [
  ["09:00", "13:00"],
  ["15:00", "19:00"],
];
function rules(overrides: Partial<ScheduleRules> = {}): ScheduleRules {
  return {
    weeklyHours: {
      "0": [],
      "1": weekday,
      "2": weekday,
      "3": weekday,
      "4": weekday,
      "5": weekday,
      "6": [["09:00", "14:00"]],
    },
    slotMinutes: 30,
    horizonDays: 30,
    minNoticeHours: 2,
    closedOnHolidays: true,
    closedDays: new Set(),
    ...overrides,
  };
}

/** Tuesday 1 December 2026, 6:00 in Lima. */
const EARLY_TUESDAY = new Date("2026-12-01T11:00:00Z");
const times = (slots: { time: string }[]) => slots.map((slot) => slot.time);
const at = (iso: string) => new Date(iso);

test("a Lima wall-clock time is the UTC instant five hours later, in any server zone", () => {
  expect(new Date().getTimezoneOffset()).toBe(-540);
  expect(limaInstant("2026-12-01", 9 * 60).toISOString()).toBe("2026-12-01T14:00:00.000Z");
  // 23:30 in Lima is already the next day in UTC, and still the same Lima date.
  expect(limaDateOf(at("2026-12-02T04:30:00Z"))).toBe("2026-12-01");
  expect(limaDateOf(at("2026-12-02T05:00:00Z"))).toBe("2026-12-02");
});

test("slots follow the opening ranges: a visit must end by the range's close, none at lunch", () => {
  const slots = gridSlots(rules(), "2026-12-01", 90, EARLY_TUESDAY);
  expect(times(slots)).toEqual([
    "09:00", "09:30", "10:00", "10:30", "11:00", "11:30",
    "15:00", "15:30", "16:00", "16:30", "17:00", "17:30",
  ]); // prettier-ignore
  expect(slots[0]!.startsAt.toISOString()).toBe("2026-12-01T14:00:00.000Z");
  // Saturday has one range; a 60-minute visit fits until 13:00.
  expect(times(gridSlots(rules(), "2026-12-05", 60, EARLY_TUESDAY)).at(-1)).toBe("13:00");
});

test("the minimum notice hides what starts too soon", () => {
  // 10:10 in Lima with 2 hours' notice: the first slot is 12:30.
  const now = at("2026-12-01T15:10:00Z");
  expect(times(gridSlots(rules(), "2026-12-01", 30, now))[0]).toBe("12:30");
  expect(times(gridSlots(rules({ minNoticeHours: 0 }), "2026-12-01", 30, now))[0]).toBe("10:30");
});

test("closed Sundays, holidays, the owner's dates, the past and beyond the window take no booking", () => {
  expect(closedReason(rules(), "2026-12-06", EARLY_TUESDAY)).toBe("closed"); // a Sunday
  expect(closedReason(rules(), "2026-12-08", EARLY_TUESDAY)).toBe("holiday"); // Inmaculada Concepción
  expect(closedReason(rules({ closedOnHolidays: false }), "2026-12-08", EARLY_TUESDAY)).toBeNull();
  expect(closedReason(rules({ closedDays: new Set(["2026-12-10"]) }), "2026-12-10", EARLY_TUESDAY)).toBe("closed");
  expect(closedReason(rules(), "2026-11-30", EARLY_TUESDAY)).toBe("past");
  expect(closedReason(rules(), "2026-12-31", EARLY_TUESDAY)).toBeNull(); // today + 30
  expect(closedReason(rules(), "2027-01-01", EARLY_TUESDAY)).toBe("too-far");
  expect(gridSlots(rules(), "2026-12-08", 30, EARLY_TUESDAY)).toEqual([]);
});

describe("room", () => {
  const ten = limaInstant("2026-12-01", 600);
  const interval = (fromMinute: number, toMinute: number) => ({
    startsAt: limaInstant("2026-12-01", fromMinute),
    endsAt: limaInstant("2026-12-01", toMinute),
  });

  test("a booking spanning several slots holds all of them", () => {
    const booked = [interval(600, 690)]; // 10:00–11:30
    const free = freeSlots({
      rules: rules(),
      date: "2026-12-01",
      durationMinutes: 30,
      capacity: 1,
      booked,
      blocks: [],
      now: EARLY_TUESDAY,
    });
    expect(times(free)).not.toContain("10:00");
    expect(times(free)).not.toContain("10:30");
    expect(times(free)).not.toContain("11:00");
    expect(times(free)).toContain("09:30");
    expect(times(free)).toContain("11:30");
    // A 60-minute visit at 9:30 would run into it.
    expect(hasRoom(interval(570, 630), 1, booked, [])).toBe(false);
  });

  test("capacity 2 takes two overlapping visits, not three at one instant", () => {
    const booked = [interval(600, 660), interval(630, 690)];
    // 10:30–11:00 has both running.
    expect(hasRoom(interval(630, 660), 2, booked, [])).toBe(false);
    // 9:30–10:30 meets only the first (the second starts as it ends).
    expect(hasRoom(interval(570, 630), 2, booked, [])).toBe(true);
    // 11:00–11:30 meets only the second.
    expect(hasRoom(interval(660, 690), 2, booked, [])).toBe(true);
    // Two that never overlap each other leave room for a third across both.
    expect(hasRoom(interval(600, 720), 2, [interval(600, 630), interval(660, 690)], [])).toBe(true);
    expect(hasRoom({ startsAt: ten, endsAt: new Date(ten.getTime() + 60_000) }, 2, booked, [])).toBe(true);
  });

  test("a blocked range takes no booking, whatever the capacity", () => {
    expect(hasRoom(interval(600, 630), 5, [], [interval(615, 700)])).toBe(false);
    expect(hasRoom(interval(540, 600), 5, [], [interval(600, 700)])).toBe(true);
  });
});
