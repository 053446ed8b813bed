/**
 * Peru's national holidays ("feriados nacionales"), as data. They are the days of
 * article 6 of Decreto Legislativo 713 (descansos remunerados), which every later law
 * amends; they count as non-business days for the complaints book's deadline.
 *
 * Not here on purpose:
 * - 24 June, Día del Campesino: a commemoration, not in D.Leg. 713 art. 6 and never a
 *   national holiday (Cusco's Inti Raymi and the Amazon's San Juan are regional).
 * - The "días no laborables" that the government declares each year by decreto supremo
 *   (e.g. D.S. 042-2025-PCM): public-sector days off that are compensated later; for
 *   the private sector they are ordinary working days.
 *
 * A missing holiday only makes a computed deadline earlier than the legal one, never
 * later, so an uncovered year is safe, just stricter. Add each new year's Holy Week
 * (and any holiday a new law creates) before that year starts.
 */

export type Holiday = { date: string; name: string };

type FixedHoliday = {
  month: number;
  day: number;
  name: string;
  /** The first year it applies. */
  since: number;
  /** The norm that made it a national holiday. */
  source: string;
};

const fixedHolidays: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: "Año Nuevo", since: 1991, source: "D.Leg. 713" },
  { month: 5, day: 1, name: "Día del Trabajo", since: 1991, source: "D.Leg. 713" },
  {
    month: 6,
    day: 7,
    name: "Batalla de Arica y Día de la Bandera",
    // Passed by insistence in 2023; first observed on 7 June 2024.
    since: 2024,
    source: "Ley 31788",
  },
  { month: 6, day: 29, name: "San Pedro y San Pablo", since: 1991, source: "D.Leg. 713" },
  { month: 7, day: 23, name: "Día de la Fuerza Aérea del Perú", since: 2024, source: "Ley 31822" },
  { month: 7, day: 28, name: "Fiestas Patrias", since: 1991, source: "D.Leg. 713" },
  { month: 7, day: 29, name: "Fiestas Patrias", since: 1991, source: "D.Leg. 713" },
  { month: 8, day: 6, name: "Batalla de Junín", since: 2022, source: "Ley 31530" },
  { month: 8, day: 30, name: "Santa Rosa de Lima", since: 1991, source: "D.Leg. 713" },
  { month: 10, day: 8, name: "Combate de Angamos", since: 1991, source: "D.Leg. 713" },
  { month: 11, day: 1, name: "Todos los Santos", since: 1991, source: "D.Leg. 713" },
  { month: 12, day: 8, name: "Inmaculada Concepción", since: 1991, source: "D.Leg. 713" },
  { month: 12, day: 9, name: "Batalla de Ayacucho", since: 2022, source: "Ley 31381" },
  { month: 12, day: 25, name: "Navidad del Señor", since: 1991, source: "D.Leg. 713" },
];

/**
 * Jueves Santo and Viernes Santo (D.Leg. 713: "movibles"), the Thursday and Friday
 * before Easter Sunday (20 Apr 2025, 5 Apr 2026, 28 Mar 2027).
 */
const holyWeeks: Readonly<Record<number, readonly [thursday: string, friday: string]>> = {
  2025: ["2025-04-17", "2025-04-18"],
  2026: ["2026-04-02", "2026-04-03"],
  2027: ["2027-03-25", "2027-03-26"],
};

/** The years whose calendar is complete (moveable holidays included). */
export const coveredHolidayYears: readonly number[] = Object.keys(holyWeeks).map(Number);

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** Every national holiday of `year`, in date order. */
export function listPeruHolidays(year: number): Holiday[] {
  const holidays: Holiday[] = fixedHolidays
    .filter((holiday) => year >= holiday.since)
    .map((holiday) => ({ date: `${year}-${pad(holiday.month)}-${pad(holiday.day)}`, name: holiday.name }));
  const holyWeek = holyWeeks[year];
  if (holyWeek) {
    holidays.push({ date: holyWeek[0], name: "Jueves Santo" }, { date: holyWeek[1], name: "Viernes Santo" });
  }
  return holidays.sort((a, b) => a.date.localeCompare(b.date));
}

const holidaysByYear = new Map<number, Set<string>>();

/** Whether `date` ('YYYY-MM-DD') is a national holiday in Peru. */
export function isPeruHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = holidaysByYear.get(year);
  if (!dates) {
    dates = new Set(listPeruHolidays(year).map((holiday) => holiday.date));
    holidaysByYear.set(year, dates);
  }
  return dates.has(date);
}
