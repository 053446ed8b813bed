import { describePhoneRun } from "~/domain/bookings/booking-limits";
import type { PhoneRun } from "~/domain/bookings/booking-phone-runs.server";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";

// Above the agenda, whatever day it shows: the phones holding many bookings ahead (issue 41),
// each with 'Cancelar todas' behind a question, so a run from one visitor is freed at once.

function PhoneRunItem({ run }: { run: PhoneRun }) {
  const text = describePhoneRun(run);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white/70 px-3 py-2">
      <span className="font-semibold">{text}</span>
      <ConfirmDeleteButton
        itemName={run.phone}
        fields={{ intent: "cancel-phone", phone: run.phoneKey }}
        title={`¿Cancelar las citas próximas de ${run.phone}?`}
        description={
          <>
            Se cancelarán las <strong className="text-ink">{run.count}</strong> citas confirmadas que {run.phone} tiene
            por delante: sus horarios quedarán libres y quien dejó su correo recibirá el aviso. Las citas ya pasadas no
            cambian.
          </>
        }
        confirmLabel="Sí, cancelar todas"
        trigger={
          <Button type="button" variant="outlineDestructive" size="sm" aria-label={`Cancelar todas: ${text}`}>
            Cancelar todas
          </Button>
        }
      />
    </li>
  );
}

export function AgendaPhoneRuns({ runs }: { runs: readonly PhoneRun[] }) {
  if (runs.length === 0) return null;
  return (
    <section
      aria-labelledby="celulares-con-muchas-citas"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="celulares-con-muchas-citas" className="flex items-center gap-2 font-bold">
        <AdminIcon name="alert-triangle" className="size-4 shrink-0" />
        Muchas citas con un mismo celular
      </h2>
      <p className="mt-1">
        Revisa si son de un cliente real; si no, cancélalas todas y sus horarios vuelven a quedar libres.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {runs.map((run) => (
          <PhoneRunItem key={run.phoneKey} run={run} />
        ))}
      </ul>
    </section>
  );
}
