import type { ReactNode } from "react";
import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  COMPLAINT_TYPE_EXPLANATIONS,
  complaintTypeLabels,
  complaintTypes,
  CONSUMER_AUTHORITY_LEGEND,
  RESPONSE_DEADLINE_LEGEND,
} from "~/domain/complaints/complaint";
import { COMPLAINT_NOT_FOUND_MESSAGE } from "~/domain/complaints/complaint-admin";
import { type AdminComplaint, getAdminComplaint } from "~/domain/complaints/complaint-admin.server";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import {
  describeFiledSections,
  PROVIDER_SECTION_TITLE,
  type SheetRow,
  type SheetSection as FiledSection,
} from "~/ui/complaints/complaint-sheet-sections";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/sheet";

// The page the owner prints or saves as PDF: the official layout of the hoja de
// reclamación, outside the back office's chrome, in black on white.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `Hoja de Reclamación ${loaderData.complaint.code} | Gestión` : "Hoja de Reclamación | Gestión",
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.complaintId);
  const complaint = id === null ? null : await getAdminComplaint(id);
  if (!complaint) {
    throw await redirectWithToast(href("/admin/reclamaciones"), {
      title: "Error",
      description: COMPLAINT_NOT_FOUND_MESSAGE,
      variant: "destructive",
    });
  }
  return { complaint };
}

const PRINT_CSS = `
@page { size: A4; margin: 14mm; }
@media print {
  html, body { background: #fff !important; }
  [data-toast] { display: none !important; }
  .sheet-section { break-inside: avoid; }
}
`;

function SheetTable({ rows }: { rows: SheetRow[] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t border-gray-400 first:border-t-0">
            <th
              scope="row"
              className="w-1/3 bg-gray-50 px-3 py-2 text-left align-top font-semibold print:bg-transparent"
            >
              {row.label}
            </th>
            <td className="px-3 py-2 align-top break-words whitespace-pre-wrap">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SheetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="sheet-section mt-4 border border-gray-500" aria-label={title}>
      <h2 className="border-b border-gray-500 bg-gray-100 px-3 py-1.5 text-sm font-bold uppercase print:bg-transparent">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ComplaintSheet({ loaderData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  const [consumer, item, detail] = describeFiledSections(complaint);
  return (
    <div className="min-h-dvh bg-gray-100 py-6 print:bg-white print:py-0">
      <style>{PRINT_CSS}</style>
      <nav className="mx-auto mb-4 flex max-w-3xl flex-wrap justify-between gap-2 px-4 print:hidden" aria-label="Hoja">
        <Button asChild variant="ghost">
          <Link to={href("/admin/reclamaciones/:complaintId", { complaintId: String(complaint.id) })}>
            <AdminIcon name="arrow-left" /> Volver a la reclamación
          </Link>
        </Button>
        <Button type="button" onClick={() => window.print()}>
          <AdminIcon name="printer" /> Imprimir
        </Button>
      </nav>
      <main className="mx-auto max-w-3xl bg-white p-6 text-ink shadow-sm sm:p-10 print:max-w-none print:p-0 print:shadow-none">
        <SheetHeader complaint={complaint} />
        {consumer ? (
          <SheetSection title={`${consumer.number}. ${consumer.title}`}>
            <SheetTable rows={consumer.rows} />
          </SheetSection>
        ) : null}
        {item ? (
          <SheetSection title={`${item.number}. ${item.title}`}>
            <SheetTable rows={item.rows} />
          </SheetSection>
        ) : null}
        {detail ? <DetailSection section={detail} complaintType={complaint.complaintType} /> : null}
        <AnswerSection complaint={complaint} />
        <footer className="mt-4 flex flex-col gap-2 text-xs">
          <p>{RESPONSE_DEADLINE_LEGEND}</p>
          <p>{CONSUMER_AUTHORITY_LEGEND}</p>
        </footer>
      </main>
    </div>
  );
}

/** The sheet's title, its number and who it was filed with. */
function SheetHeader({ complaint }: { complaint: AdminComplaint }) {
  return (
    <header className="border border-gray-500">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-500 px-3 py-3">
        <div>
          <p className="text-xs font-semibold tracking-wide uppercase">Libro de Reclamaciones</p>
          <h1 className="text-xl font-bold">Hoja de Reclamación</h1>
        </div>
        <dl className="text-right text-sm">
          <dt className="text-xs font-semibold uppercase">N.°</dt>
          <dd className="text-lg font-bold" data-testid="sheet-code">
            {complaint.code}
          </dd>
        </dl>
      </div>
      <dl className="grid gap-x-4 gap-y-1 px-3 py-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Proveedor:</dt>
        <dd>{complaint.providerLegalName || "—"}</dd>
        <dt className="font-semibold">RUC:</dt>
        <dd>{complaint.providerRuc || "—"}</dd>
        <dt className="font-semibold">Dirección:</dt>
        <dd>{complaint.providerAddress || "—"}</dd>
        <dt className="font-semibold">Fecha de registro:</dt>
        <dd>{complaint.filedAt}</dd>
      </dl>
    </header>
  );
}

/** Section 3: the complaint type ticked among both, then the detail and the request. */
function DetailSection({
  section,
  complaintType,
}: {
  section: FiledSection;
  complaintType: AdminComplaint["complaintType"];
}) {
  return (
    <SheetSection title={`${section.number}. ${section.title}`}>
      <ul className="flex flex-col gap-2 border-b border-gray-400 px-3 py-2 text-sm sm:flex-row sm:gap-8">
        {complaintTypes.map((type) => (
          <li key={type} className="flex items-start gap-2">
            <span
              className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center border border-gray-700 text-xs leading-none font-bold"
              aria-hidden
            >
              {complaintType === type ? "X" : ""}
            </span>
            <span>
              <strong>{complaintTypeLabels[type]}</strong>
              {complaintType === type ? <span className="sr-only"> (marcado)</span> : null}:{" "}
              {COMPLAINT_TYPE_EXPLANATIONS[type]}
            </span>
          </li>
        ))}
      </ul>
      <SheetTable rows={section.rows.filter((row) => row.label !== "Tipo")} />
    </SheetSection>
  );
}

/** Section 4: the provider's answer, or when it is due. */
function AnswerSection({ complaint }: { complaint: AdminComplaint }) {
  return (
    <SheetSection title={`4. ${PROVIDER_SECTION_TITLE}`}>
      <SheetTable
        rows={
          complaint.answer
            ? [
                { label: "Respuesta", value: complaint.answer },
                { label: "Fecha de respuesta", value: complaint.answeredAt ?? "" },
              ]
            : [
                { label: "Respuesta", value: "Pendiente de respuesta." },
                { label: "Plazo de respuesta", value: `Hasta el ${complaint.dueDate}` },
              ]
        }
      />
    </SheetSection>
  );
}
