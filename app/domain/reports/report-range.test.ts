import { describe, expect, test } from "vitest";

import { describeChange, readReportRange, sameDayPreviousMonth } from "./report-range";

const today = "2026-03-31";

describe("readReportRange", () => {
  test("'Hoy' and 'Últimos 7 días' compare with the same length just before", () => {
    expect(readReportRange({ preset: "hoy" }, today).range).toMatchObject({
      from: today,
      to: today,
      previous: { from: "2026-03-30", to: "2026-03-30" },
      unit: "day",
    });
    expect(readReportRange({ preset: "7dias" }, today).range).toMatchObject({
      from: "2026-03-25",
      to: today,
      previous: { from: "2026-03-18", to: "2026-03-24" },
    });
  });

  test("'Este mes' compares with the month before up to the same day; 'Mes anterior' with the whole month before", () => {
    expect(readReportRange({ preset: "mes" }, today).range).toMatchObject({
      from: "2026-03-01",
      to: today,
      previous: { from: "2026-02-01", to: "2026-02-28" },
    });
    expect(readReportRange({ preset: "mes-anterior" }, "2026-01-15").range).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
      previous: { from: "2025-11-01", to: "2025-11-30" },
    });
  });

  test("a custom range reads dd/mm/aaaa, groups long ranges per week or month, and says what is wrong", () => {
    expect(readReportRange({ preset: "personalizado", from: "01/01/2026", to: "31/03/2026" }, today)).toEqual({
      range: expect.objectContaining({ from: "2026-01-01", to: today, unit: "week" }),
      error: null,
    });
    const reversed = readReportRange({ preset: "personalizado", from: "31/03/2026", to: "01/03/2026" }, today);
    expect(reversed.error).toBe("La fecha 'Desde' debe ser anterior o igual a 'Hasta'.");
    expect(reversed.range.preset).toBe("7dias");
    expect(readReportRange({ preset: "personalizado", from: "30/02/2026", to: "" }, today).error).toBe(
      "Escribe las dos fechas como dd/mm/aaaa.",
    );
    expect(readReportRange({ preset: "otro" }, today).range.preset).toBe("7dias");
  });

  test("sameDayPreviousMonth keeps to the shorter month's end", () => {
    expect(sameDayPreviousMonth("2026-03-31")).toBe("2026-02-28");
    expect(sameDayPreviousMonth("2026-01-10")).toBe("2025-12-10");
  });
});

test("describeChange writes the change in whole percent", () => {
  expect(describeChange(112, 100)).toBe("+12 %");
  expect(describeChange(95, 100)).toBe("−5 %");
  expect(describeChange(5, 0)).toBeNull();
});
