import { Form } from "react-router";

import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateInput } from "~/ui/form/date-field";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

// The controls above a printable day sheet (the delivery sheet, the day's agenda), hidden when
// printing: back to the screen it came from, another day (a plain GET), and 'Imprimir'.
export function PrintSheetControls({
  day,
  back,
  isDayRequired = false,
  className,
}: {
  day: string;
  back: { to: string; label: string };
  isDayRequired?: boolean;
  className?: string;
}) {
  return (
    <nav
      className={cn("mx-auto mb-4 flex flex-wrap items-end justify-between gap-3 px-4 print:hidden", className)}
      aria-label="Hoja"
    >
      <Button asChild variant="ghost">
        <Link to={back.to}>
          <AdminIcon name="arrow-left" /> {back.label}
        </Link>
      </Button>
      <Form method="get" className="flex items-end gap-2">
        <label className="flex w-44 flex-col gap-1 text-sm font-semibold" htmlFor="sheet-day">
          Día
          <DateInput id="sheet-day" name="fecha" defaultValue={day} key={day} required={isDayRequired} />
        </label>
        <Button type="submit" variant="outline">
          <AdminIcon name="calendar-search" /> Ver
        </Button>
      </Form>
      <Button type="button" onClick={() => window.print()}>
        <AdminIcon name="printer" /> Imprimir
      </Button>
    </nav>
  );
}
