import { cn } from "~/lib/cn";

// 'Día': the booking window as month grids (Monday first). A day with room is a button that
// asks for its free times: a GET submission of the whole form without JavaScript (nothing
// typed is lost), a quiet change of the address with it (onChoose).

export type CalendarDay = { date: string; free: number };

const monthTitle = new Intl.DateTimeFormat("es-PE", { month: "long", year: "numeric", timeZone: "UTC" });
const dayName = new Intl.DateTimeFormat("es-PE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const WEEKDAYS = ["Lu", "Ma", "Mi", "Ju", "Vi", "Sá", "Do"];

function utc(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** The days split by month, each month padded to start on its Monday. */
function months(days: CalendarDay[]): { key: string; title: string; cells: (CalendarDay | null)[] }[] {
  const byMonth = new Map<string, CalendarDay[]>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    byMonth.set(key, [...(byMonth.get(key) ?? []), day]);
  }
  return [...byMonth].map(([key, list]) => {
    const lead = (utc(list[0]!.date).getUTCDay() + 6) % 7;
    return { key, title: monthTitle.format(utc(list[0]!.date)), cells: [...Array<null>(lead).fill(null), ...list] };
  });
}

function dayLabel(day: CalendarDay): string {
  const name = dayName.format(utc(day.date));
  if (day.free === 0) return `${name}, sin horarios libres`;
  return `${name}, ${day.free === 1 ? "1 horario libre" : `${day.free} horarios libres`}`;
}

export function BookingCalendar({
  days,
  chosen,
  onChoose,
}: {
  days: CalendarDay[];
  chosen: string | null;
  onChoose: (date: string) => void;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {months(days).map((month) => (
        <div key={month.key}>
          <p className="mb-2 font-semibold first-letter:uppercase">{month.title}</p>
          <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted" aria-hidden="true">
            {WEEKDAYS.map((weekday) => (
              <span key={weekday}>{weekday}</span>
            ))}
          </div>
          <ul className="mt-1 grid grid-cols-7 gap-1">
            {month.cells.map((day, index) => (
              <li key={day?.date ?? `blank-${index}`}>
                {day ? <DayButton day={day} isChosen={day.date === chosen} onChoose={onChoose} /> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function DayButton({
  day,
  isChosen,
  onChoose,
}: {
  day: CalendarDay;
  isChosen: boolean;
  onChoose: (date: string) => void;
}) {
  const number = Number(day.date.slice(8));
  if (day.free === 0) {
    return (
      <span
        aria-label={dayLabel(day)}
        className="flex aspect-square items-center justify-center rounded-lg text-sm text-gray-400 line-through"
      >
        {number}
      </span>
    );
  }
  return (
    <button
      type="submit"
      formMethod="get"
      formNoValidate
      name="fecha"
      value={day.date}
      aria-label={dayLabel(day)}
      aria-pressed={isChosen}
      onClick={(event) => {
        event.preventDefault();
        onChoose(day.date);
      }}
      className={cn(
        "flex aspect-square w-full items-center justify-center rounded-lg border-2 text-sm font-semibold transition-colors",
        isChosen
          ? "border-primary-strong bg-primary-strong text-white"
          : "border-primary-soft bg-primary-soft text-primary-strong hover:border-primary-strong",
      )}
    >
      {number}
    </button>
  );
}
