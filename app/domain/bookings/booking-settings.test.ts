import { describe, expect, test } from "vitest";

import { parseWithSchema } from "~/lib/form-data";

import {
  bookingScheduleFormSchema,
  CLOSED_DAY_DATE_MESSAGE,
  closedDayFormSchema,
  countFilledRanges,
  END_BEFORE_START_MESSAGE,
  INCOMPLETE_RANGE_MESSAGE,
  listUpcomingHolidays,
  numberRangeMessage,
  OVERLAPPING_RANGES_MESSAGE,
  PAST_CLOSED_DAY_MESSAGE,
  readDayRanges,
  TIME_FORMAT_MESSAGE,
  toScheduleFormValues,
} from "./booking-settings";

/** Monday's ranges as the form posts them. */
function monday(...ranges: [string, string][]): Record<string, string> {
  return Object.fromEntries(
    ranges.flatMap(([from, to], index) => [
      [`hours.1.${index}.from`, from],
      [`hours.1.${index}.to`, to],
    ]),
  );
}

const rules = { slotMinutes: "30", horizonDays: "30", minNoticeHours: "2", cancelHours: "24" };

describe("one day's opening ranges", () => {
  test("reads the ranges sorted by start, skipping blank pairs", () => {
    expect(readDayRanges(monday(["15:00", "19:00"], ["", ""], ["09:00", "13:00"]), "1")).toEqual({
      ranges: [
        ["09:00", "13:00"],
        ["15:00", "19:00"],
      ],
    });
    expect(readDayRanges({}, "1")).toEqual({ ranges: [] });
    expect(readDayRanges(monday(["  ", ""]), "1")).toEqual({ ranges: [] });
  });

  test("ranges that touch are allowed, overlapping ones are refused", () => {
    expect(readDayRanges(monday(["09:00", "13:00"], ["13:00", "17:00"]), "1")).toEqual({
      ranges: [
        ["09:00", "13:00"],
        ["13:00", "17:00"],
      ],
    });
    expect(readDayRanges(monday(["09:00", "13:00"], ["12:30", "17:00"]), "1")).toEqual({
      error: OVERLAPPING_RANGES_MESSAGE,
    });
    // One inside another, typed in reverse order.
    expect(readDayRanges(monday(["10:00", "11:00"], ["08:00", "18:00"]), "1")).toEqual({
      error: OVERLAPPING_RANGES_MESSAGE,
    });
  });

  test("the end must come after the start", () => {
    expect(readDayRanges(monday(["13:00", "09:00"]), "1")).toEqual({ error: END_BEFORE_START_MESSAGE });
    expect(readDayRanges(monday(["09:00", "09:00"]), "1")).toEqual({ error: END_BEFORE_START_MESSAGE });
  });

  test("bad or half-typed times are refused", () => {
    for (const bad of ["25:00", "12:60", "doce", "09:00:00", "24:00", "9:0"]) {
      expect(readDayRanges(monday([bad, "23:00"]), "1")).toEqual({ error: TIME_FORMAT_MESSAGE });
    }
    expect(readDayRanges(monday(["09:00", ""]), "1")).toEqual({ error: INCOMPLETE_RANGE_MESSAGE });
    expect(readDayRanges(monday(["", "13:00"]), "1")).toEqual({ error: INCOMPLETE_RANGE_MESSAGE });
  });

  test("times typed the quick way read as 24-hour times (issue 40)", () => {
    expect(readDayRanges(monday(["9", "1330"]), "1")).toEqual({ ranges: [["09:00", "13:30"]] });
    expect(readDayRanges(monday(["9:00", "18.45"]), "1")).toEqual({ ranges: [["09:00", "18:45"]] });
  });

  test("a day may close at midnight ('24:00' only as an end)", () => {
    expect(readDayRanges(monday(["18:00", "24:00"]), "1")).toEqual({ ranges: [["18:00", "24:00"]] });
  });

  test("only three ranges a day are read", () => {
    const four = { ...monday(["08:00", "09:00"], ["10:00", "11:00"], ["12:00", "13:00"]) };
    four["hours.1.3.from"] = "14:00";
    four["hours.1.3.to"] = "15:00";
    expect(readDayRanges(four, "1")).toEqual({
      ranges: [
        ["08:00", "09:00"],
        ["10:00", "11:00"],
        ["12:00", "13:00"],
      ],
    });
  });
});

describe("the schedule form", () => {
  test("parses the week (every weekday present, a day without ranges closed) and the rules", () => {
    const parsed = parseWithSchema(bookingScheduleFormSchema, {
      ...monday(["09:00", "13:00"]),
      "hours.6.0.from": "10:00",
      "hours.6.0.to": "14:00",
      ...rules,
      closedOnHolidays: "on",
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        weeklyHours: {
          "0": [],
          "1": [["09:00", "13:00"]],
          "2": [],
          "3": [],
          "4": [],
          "5": [],
          "6": [["10:00", "14:00"]],
        },
        slotMinutes: 30,
        horizonDays: 30,
        minNoticeHours: 2,
        cancelHours: 24,
        closedOnHolidays: true,
      },
    });
  });

  test("puts each day's message beside the day", () => {
    const parsed = parseWithSchema(bookingScheduleFormSchema, {
      ...monday(["13:00", "09:00"]),
      "hours.0.0.from": "09:00",
      "hours.0.0.to": "12:00",
      "hours.0.1.from": "11:00",
      "hours.0.1.to": "14:00",
      ...rules,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors).toEqual({ "hours.1": END_BEFORE_START_MESSAGE, "hours.0": OVERLAPPING_RANGES_MESSAGE });
  });

  test.each([
    ["slotMinutes", "4", 5, 240],
    ["slotMinutes", "241", 5, 240],
    ["horizonDays", "0", 1, 365],
    ["horizonDays", "366", 1, 365],
    ["minNoticeHours", "169", 0, 168],
    ["minNoticeHours", "-1", 0, 168],
    ["cancelHours", "721", 0, 720],
    ["cancelHours", "2.5", 0, 720],
    ["cancelHours", "", 0, 720],
  ])("%s = '%s' is refused: from %i to %i", (field, value, min, max) => {
    const parsed = parseWithSchema(bookingScheduleFormSchema, { ...rules, [field]: value });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors).toEqual({ [field]: numberRangeMessage(min, max) });
  });

  test("takes the limits themselves", () => {
    const parsed = parseWithSchema(bookingScheduleFormSchema, {
      slotMinutes: "240",
      horizonDays: "1",
      minNoticeHours: "0",
      cancelHours: "720",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      slotMinutes: 240,
      horizonDays: 1,
      minNoticeHours: 0,
      cancelHours: 720,
      closedOnHolidays: false,
    });
  });

  test("the stored schedule shows in the form as it was saved, and parses back the same", () => {
    const stored = {
      weeklyHours: {
        "0": [],
        "1": [
          ["09:00", "13:00"],
          ["15:00", "19:00"],
        ],
        "2": [],
        "3": [],
        "4": [],
        "5": [],
        "6": [["09:00", "14:00"]],
      } as Record<string, [string, string][]>,
      slotMinutes: 15,
      horizonDays: 60,
      minNoticeHours: 4,
      cancelHours: 12,
      closedOnHolidays: false,
    };
    const values = toScheduleFormValues(stored);
    expect(values).toMatchObject({ "hours.1.1.from": "15:00", "hours.6.0.to": "14:00", closedOnHolidays: "" });
    expect(countFilledRanges(values, "1")).toBe(2);
    expect(countFilledRanges(values, "0")).toBe(0);
    expect(parseWithSchema(bookingScheduleFormSchema, values)).toEqual({ success: true, data: stored });
  });
});

describe("a closed day", () => {
  const schema = closedDayFormSchema("2026-12-01");

  test("from today on, with an optional reason", () => {
    expect(parseWithSchema(schema, { day: "2026-12-01" })).toEqual({
      success: true,
      data: { day: "2026-12-01", reason: "" },
    });
    expect(parseWithSchema(schema, { day: "2027-01-15", reason: "  Inventario " })).toMatchObject({
      data: { reason: "Inventario" },
    });
  });

  test("a past date, a date that does not exist or none at all is refused", () => {
    expect(parseWithSchema(schema, { day: "2026-11-30" })).toMatchObject({ errors: { day: PAST_CLOSED_DAY_MESSAGE } });
    expect(parseWithSchema(schema, { day: "2027-02-30" })).toMatchObject({ errors: { day: CLOSED_DAY_DATE_MESSAGE } });
    expect(parseWithSchema(schema, {})).toMatchObject({ errors: { day: CLOSED_DAY_DATE_MESSAGE } });
    expect(parseWithSchema(schema, { day: "2027-01-15", reason: "x".repeat(61) })).toMatchObject({
      errors: { reason: "Escribe como máximo 60 caracteres." },
    });
  });
});

test("the next holidays run into the next year", () => {
  expect(listUpcomingHolidays("2026-12-09", 3)).toEqual([
    { date: "2026-12-09", name: "Batalla de Ayacucho" },
    { date: "2026-12-25", name: "Navidad del Señor" },
    { date: "2027-01-01", name: "Año Nuevo" },
  ]);
});
