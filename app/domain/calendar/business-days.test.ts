import { describe, expect, test } from "vitest";

import { addBusinessDays, countBusinessDaysLeft, isBusinessDay } from "./business-days";
import { coveredHolidayYears, isPeruHoliday, listPeruHolidays } from "./peru-holidays";

/** Easter Sunday by the anonymous Gregorian algorithm, to cross-check the Holy Week data. */
function computeEasterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("Peru's national holidays", () => {
  test("2026 has the sixteen national holidays of D.Leg. 713 art. 6 as amended", () => {
    expect(listPeruHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Año Nuevo" },
      { date: "2026-04-02", name: "Jueves Santo" },
      { date: "2026-04-03", name: "Viernes Santo" },
      { date: "2026-05-01", name: "Día del Trabajo" },
      { date: "2026-06-07", name: "Batalla de Arica y Día de la Bandera" },
      { date: "2026-06-29", name: "San Pedro y San Pablo" },
      { date: "2026-07-23", name: "Día de la Fuerza Aérea del Perú" },
      { date: "2026-07-28", name: "Fiestas Patrias" },
      { date: "2026-07-29", name: "Fiestas Patrias" },
      { date: "2026-08-06", name: "Batalla de Junín" },
      { date: "2026-08-30", name: "Santa Rosa de Lima" },
      { date: "2026-10-08", name: "Combate de Angamos" },
      { date: "2026-11-01", name: "Todos los Santos" },
      { date: "2026-12-08", name: "Inmaculada Concepción" },
      { date: "2026-12-09", name: "Batalla de Ayacucho" },
      { date: "2026-12-25", name: "Navidad del Señor" },
    ]);
  });

  test("2025 to 2027 are covered, each with sixteen holidays", () => {
    expect(coveredHolidayYears).toEqual([2025, 2026, 2027]);
    for (const year of coveredHolidayYears) expect(listPeruHolidays(year)).toHaveLength(16);
  });

  test("Jueves and Viernes Santo are the Thursday and Friday before Easter Sunday", () => {
    for (const year of coveredHolidayYears) {
      const easter = computeEasterSunday(year);
      const dates = listPeruHolidays(year)
        .filter((holiday) => holiday.name.endsWith("Santo"))
        .map((holiday) => holiday.date);
      expect(dates).toEqual([shiftDays(easter, -3), shiftDays(easter, -2)]);
    }
    expect(
      listPeruHolidays(2027)
        .slice(1, 3)
        .map((holiday) => holiday.date),
    ).toEqual(["2027-03-25", "2027-03-26"]);
  });

  test("Día del Campesino and the public sector's days off are not national holidays", () => {
    expect(isPeruHoliday("2026-06-24")).toBe(false);
    expect(isPeruHoliday("2025-12-26")).toBe(false);
    expect(isPeruHoliday("2025-06-07")).toBe(true);
  });

  test("the flag day counts from 2024 on", () => {
    expect(listPeruHolidays(2023).some((holiday) => holiday.date === "2023-06-07")).toBe(false);
    expect(isPeruHoliday("2024-06-07")).toBe(true);
  });
});

describe("addBusinessDays", () => {
  test("skips a weekend: one business day after Friday is Monday", () => {
    expect(addBusinessDays("2026-03-13", 1)).toBe("2026-03-16");
    expect(addBusinessDays("2026-03-14", 1)).toBe("2026-03-16");
    expect(addBusinessDays("2026-03-13", 0)).toBe("2026-03-13");
  });

  test("skips Fiestas Patrias and the Air Force day", () => {
    expect(addBusinessDays("2026-07-27", 1)).toBe("2026-07-30");
    expect(addBusinessDays("2026-07-22", 1)).toBe("2026-07-24");
    expect(isBusinessDay("2026-07-28")).toBe(false);
  });

  test("skips Christmas and New Year across the year end", () => {
    expect(addBusinessDays("2026-12-24", 1)).toBe("2026-12-28");
    expect(addBusinessDays("2026-12-30", 2)).toBe("2027-01-04");
    expect(addBusinessDays("2025-12-24", 3)).toBe("2025-12-30");
  });

  test("skips Jueves and Viernes Santo of 2026", () => {
    expect(addBusinessDays("2026-04-01", 1)).toBe("2026-04-06");
    // The complaints book's 15 days from Monday 23 March 2026 run over Holy Week.
    expect(addBusinessDays("2026-03-23", 15)).toBe("2026-04-15");
  });

  test("rejects what is not a calendar date or a whole count", () => {
    expect(() => addBusinessDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addBusinessDays("23/03/2026", 1)).toThrow(RangeError);
    expect(() => addBusinessDays("2026-03-23", 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays("2026-03-23", -1)).toThrow(RangeError);
  });
});

describe("countBusinessDaysLeft", () => {
  test("counts the business days after today up to the deadline", () => {
    expect(countBusinessDaysLeft("2026-03-23", "2026-04-15")).toBe(15);
    expect(countBusinessDaysLeft("2026-04-01", "2026-04-06")).toBe(1);
    expect(countBusinessDaysLeft("2026-12-24", "2027-01-04")).toBe(5);
  });

  test("is 0 on the deadline and negative once it has passed", () => {
    expect(countBusinessDaysLeft("2026-04-15", "2026-04-15")).toBe(0);
    expect(countBusinessDaysLeft("2026-04-16", "2026-04-15")).toBe(-1);
    // Overdue since Friday: the weekend does not count, Monday does.
    expect(countBusinessDaysLeft("2026-03-16", "2026-03-13")).toBe(-1);
    expect(countBusinessDaysLeft("2026-03-15", "2026-03-13")).toBe(0);
  });

  test("undoes addBusinessDays", () => {
    for (const start of ["2025-12-20", "2026-03-30", "2026-07-20", "2027-03-22"]) {
      for (const n of [1, 5, 15]) {
        expect(countBusinessDaysLeft(start, addBusinessDays(start, n))).toBe(n);
      }
    }
  });
});
