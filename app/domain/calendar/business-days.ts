import { isPeruHoliday } from "./peru-holidays";

/**
 * Business days ("días hábiles") for the complaints book: Monday to Friday, minus
 * Peru's national holidays. Dates are calendar dates 'YYYY-MM-DD' (take a Lima date
 * with getLimaDate); no time zone can shift them.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parseIsoDate(date: string): number {
  const match = ISO_DATE.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  // Date.UTC rolls '2026-02-30' over into March; a real date formats back to itself.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return time;
}

function formatIsoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(parseIsoDate(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPeruHoliday(date);
}

/** The n-th business day after `date` (`date` itself never counts). */
export function addBusinessDays(date: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0: ${n}`);
  let time = parseIsoDate(date);
  let counted = 0;
  while (counted < n) {
    time += DAY_MS;
    if (isBusinessDay(formatIsoDate(time))) counted += 1;
  }
  return formatIsoDate(time);
}

/**
 * Business days from `from` until `due`: those after `from` up to and including
 * `due`. 0 means due today; a negative count is how many business days it is overdue.
 */
export function countBusinessDaysLeft(from: string, due: string): number {
  const start = parseIsoDate(from);
  const end = parseIsoDate(due);
  const [low, high, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  let count = 0;
  for (let time = low + DAY_MS; time <= high; time += DAY_MS) {
    if (isBusinessDay(formatIsoDate(time))) count += 1;
  }
  return count === 0 ? 0 : sign * count;
}
