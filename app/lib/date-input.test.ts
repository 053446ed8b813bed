import { expect, test } from "vitest";

import { isoOfShownDate, showDateInput } from "./date-display";
import { readClockInput, readDateInput, toClock, toIsoDate } from "./date-input";

test("a date typed day first, as in Peru, reads as its ISO date", () => {
  expect(readDateInput("05/01/2027")).toBe("2027-01-05");
  expect(readDateInput("5/1/2027")).toBe("2027-01-05");
  expect(readDateInput(" 25-12-2026 ")).toBe("2026-12-25");
  expect(readDateInput("25.12.26")).toBe("2026-12-25");
  expect(readDateInput("29/02/2028")).toBe("2028-02-29");
});

test("an ISO date (old links, the native picker) still reads", () => {
  expect(readDateInput("2026-12-25")).toBe("2026-12-25");
});

test("what is not a real calendar date reads as nothing", () => {
  for (const bad of ["", "31/02/2027", "29/02/2027", "12/13/2026", "00/01/2026", "2026-02-30", "mañana", "1/1"]) {
    expect(readDateInput(bad), bad).toBeNull();
  }
  expect(readDateInput(null)).toBeNull();
});

test("a date field shows dd/mm/aaaa and echoes a bad value as typed", () => {
  expect(showDateInput("2027-01-05")).toBe("05/01/2027");
  expect(showDateInput("31/02/2027")).toBe("31/02/2027");
  expect(showDateInput(undefined)).toBe("");
  expect(isoOfShownDate("05/01/2027")).toBe("2027-01-05");
  expect(isoOfShownDate("5/1/2027")).toBe("");
  expect(toIsoDate(" 5/1/2027 ")).toBe("2027-01-05");
  expect(toIsoDate("31/02/2027")).toBe("31/02/2027");
});

test("a time typed the ways people type it reads as 24-hour HH:MM", () => {
  expect(readClockInput("9:30")).toBe("09:30");
  expect(readClockInput("09:30")).toBe("09:30");
  expect(readClockInput("9.30")).toBe("09:30");
  expect(readClockInput("930")).toBe("09:30");
  expect(readClockInput("1730")).toBe("17:30");
  expect(readClockInput("9")).toBe("09:00");
  expect(readClockInput("18h")).toBe("18:00");
  expect(readClockInput("24:00")).toBe("24:00");
  for (const bad of ["", "25:00", "9:75", "24:30", "9:3", "nueve", "12345"]) {
    expect(readClockInput(bad), bad).toBeNull();
  }
  expect(toClock("7:05")).toBe("07:05");
  expect(toClock("7:5")).toBe("7:5");
});
