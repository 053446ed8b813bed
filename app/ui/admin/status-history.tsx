import type { ReactNode } from "react";

import { AdminIcon } from "~/ui/admin/icons/admin-icon";

// The history at the foot of a detail's 'Estado' card (orders, bookings): one line per change,
// newest last, each with what changed, an optional reason and when and by whom.

export type StatusHistoryEntry = {
  id: number;
  /** What changed: a first status, a move from one to another, a new time. */
  change: ReactNode;
  note?: string | null;
  /** 'dd/mm/aaaa hh:mm · por Ana'. */
  when: string;
};

/** 'Pendiente → Confirmada', from the badges of the two statuses. */
export function StatusMove({ from, to }: { from: ReactNode; to: ReactNode }) {
  return (
    <>
      {from}
      <AdminIcon name="arrow-right" className="size-3.5 text-muted" aria-label="a" />
      {to}
    </>
  );
}

export function StatusHistory({ label, entries }: { label: string; entries: StatusHistoryEntry[] }) {
  return (
    <ol className="mt-5 flex flex-col gap-3 border-l-2 border-gray-200 pl-4" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="text-sm">
          <p className="flex flex-wrap items-center gap-1.5">{entry.change}</p>
          {entry.note ? <p className="mt-0.5">Motivo: {entry.note}</p> : null}
          <p className="mt-0.5 text-muted">{entry.when}</p>
        </li>
      ))}
    </ol>
  );
}
