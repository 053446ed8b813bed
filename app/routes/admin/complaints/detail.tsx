import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { RESPONSE_BUSINESS_DAYS } from "~/domain/complaints/complaint";
import {
  ALREADY_ANSWERED_MESSAGE,
  ANSWER_MAX_LENGTH,
  ANSWER_NOT_EMAILED_LABEL,
  buildComplaintAnswerWhatsAppUrl,
  COMPLAINT_NOT_FOUND_MESSAGE,
  complaintAnswerSchema,
  RETENTION_NOTICE,
} from "~/domain/complaints/complaint-admin";
import { type AdminComplaint, answerComplaint, getAdminComplaint } from "~/domain/complaints/complaint-admin.server";
import { parseForm } from "~/lib/form.server";
import { isMailServerConfigured } from "~/lib/mail.server";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ComplaintStatusBadge, DeadlineBadge, NoMailServerNotice } from "~/ui/admin/complaints/complaint-badges";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { describeFiledSections, PROVIDER_SECTION_TITLE, type SheetRow } from "~/ui/complaints/complaint-sheet-sections";
import { TextAreaField } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/detail";

const LIST_URL = href("/admin/reclamaciones");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Reclamación ${loaderData.complaint.code} | Gestión` : "Reclamación | Gestión" },
];

function redirectNotFound() {
  return redirectWithToast(LIST_URL, {
    title: "Error",
    description: COMPLAINT_NOT_FOUND_MESSAGE,
    variant: "destructive",
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.complaintId);
  const complaint = id === null ? null : await getAdminComplaint(id);
  if (!complaint) throw await redirectNotFound();
  return { complaint, isMailConfigured: isMailServerConfigured() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseRecordId(params.complaintId);
  if (id === null) return redirectNotFound();
  const form = await parseForm(request, complaintAnswerSchema);
  if (!form.ok) return form.failure;
  const result = await answerComplaint(admin, id, form.data.answer);
  if (result.status === "not-found") return redirectNotFound();
  const back = href("/admin/reclamaciones/:complaintId", { complaintId: String(id) });
  // Answered meanwhile (another tab, another admin): reload the screen, now read-only.
  if (result.status === "already-answered") {
    return redirectWithToast(back, { title: "Error", description: ALREADY_ANSWERED_MESSAGE, variant: "destructive" });
  }
  // Only a message that left through the mail server is "sent": one kept in the outbox
  // never reaches the consumer, and the owner must deliver the answer before the deadline.
  if (result.mail === "outbox") {
    return redirectWithToast(back, {
      title: "Respuesta Guardada",
      description:
        `La respuesta a la reclamación ${result.code} quedó registrada, pero no se envió por correo: la tienda ` +
        "no tiene un servidor de correo configurado. Entrégala al consumidor por otro medio (hoja impresa, " +
        "teléfono o WhatsApp).",
      // Saved: not an error, but the owner still has to deliver it.
      variant: "warning",
      duration: 12_000,
    });
  }
  if (result.mail === "failed") {
    return redirectWithToast(back, {
      title: "Respuesta Guardada",
      description:
        `La respuesta a la reclamación ${result.code} quedó registrada, pero no se pudo enviar el correo a ` +
        `${result.email}. Comunícate con el consumidor por otro medio.`,
      variant: "warning",
      duration: 12_000,
    });
  }
  return redirectWithToast(back, {
    title: "Respuesta Enviada",
    description: `La respuesta a la reclamación ${result.code} se guardó y se envió a ${result.email}.`,
  });
}

function SheetRows({ rows }: { rows: SheetRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className={row.isLong ? "sm:col-span-2" : undefined}>
          <dt className="text-sm text-muted">{row.label}</dt>
          <dd className="font-semibold break-words whitespace-pre-wrap">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ComplaintDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, isMailConfigured } = loaderData;
  const form = useFormFields(undefined, actionData);
  return (
    <>
      <AdminPageHeader
        title={`Reclamación ${complaint.code}`}
        description={`Registrada el ${complaint.filedAt}`}
        actions={<HeaderActions complaintId={complaint.id} />}
      />
      <div className="flex flex-col gap-6">
        {isMailConfigured ? null : <NoMailServerNotice />}
        <StatusCard complaint={complaint} />
        <AdminCard title="Proveedor (según la hoja registrada)">
          <SheetRows
            rows={[
              { label: "Razón social", value: complaint.providerLegalName || "No registrada" },
              { label: "RUC", value: complaint.providerRuc || "No registrado" },
              { label: "Dirección", value: complaint.providerAddress || "No registrada", isLong: true },
            ]}
          />
        </AdminCard>

        {describeFiledSections(complaint).map((section) => (
          <AdminCard key={section.number} title={`${section.number}. ${section.title}`}>
            <SheetRows rows={section.rows} />
          </AdminCard>
        ))}

        <AdminCard title={`4. ${PROVIDER_SECTION_TITLE}`} id="respuesta">
          {complaint.status === "respondido" ? (
            <StoredAnswer complaint={complaint} />
          ) : (
            <AnswerForm form={form} email={complaint.email} isMailConfigured={isMailConfigured} />
          )}
        </AdminCard>
      </div>
    </>
  );
}

function HeaderActions({ complaintId }: { complaintId: number }) {
  return (
    <>
      <Button asChild variant="ghost">
        <Link to={LIST_URL}>
          <AdminIcon name="arrow-left" /> Volver
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={href("/admin/reclamaciones/:complaintId/hoja", { complaintId: String(complaintId) })}>
          <AdminIcon name="printer" /> Imprimir hoja
        </Link>
      </Button>
    </>
  );
}

function StatusCard({ complaint }: { complaint: AdminComplaint }) {
  return (
    <AdminCard title="Estado y plazo">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Estado</dt>
          <dd className="mt-1">
            <ComplaintStatusBadge status={complaint.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Plazo de respuesta ({RESPONSE_BUSINESS_DAYS} días hábiles)</dt>
          <dd className="font-semibold">Hasta el {complaint.dueDate}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">
            {complaint.status === "respondido" ? "Respondida" : "Días hábiles restantes"}
          </dt>
          <dd className="mt-1">
            {complaint.deadline ? (
              <DeadlineBadge deadline={complaint.deadline} />
            ) : (
              <span className="font-semibold">{complaint.answeredAt}</span>
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-muted">{RETENTION_NOTICE}</p>
    </AdminCard>
  );
}

/** An answered complaint: its answer, read-only. */
function StoredAnswer({ complaint }: { complaint: AdminComplaint }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 rounded-lg bg-gray-100 p-3 text-sm">
        <AdminIcon name="lock" className="size-4 shrink-0" />
        Esta reclamación ya fue respondida y no se puede modificar.
      </p>
      <SheetRows
        rows={[
          { label: "Respuesta", value: complaint.answer ?? "", isLong: true },
          { label: "Fecha de respuesta", value: complaint.answeredAt ?? "" },
          { label: "Respondida por", value: complaint.answeredBy ?? "Usuario eliminado" },
          // Answers stored before delivery was recorded say nothing rather than guess.
          ...(complaint.isAnswerEmailed === null
            ? []
            : [
                {
                  label: "Envío por correo",
                  value: complaint.isAnswerEmailed ? `Enviada a ${complaint.email}` : ANSWER_NOT_EMAILED_LABEL,
                },
              ]),
        ]}
      />
      {complaint.phone ? (
        <div>
          <Button asChild variant="whatsapp">
            <a href={buildComplaintAnswerWhatsAppUrl(complaint)} target="_blank" rel="noopener noreferrer">
              <AdminIcon name="message-circle" /> Enviar respuesta por WhatsApp
              <span className="sr-only"> (se abre WhatsApp en una pestaña nueva)</span>
            </a>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AnswerForm({ form, email, isMailConfigured }: { form: FormFields; email: string; isMailConfigured: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <TextAreaField
        label="Respuesta al consumidor"
        field={form.field("answer")}
        hint={
          isMailConfigured
            ? `Se guardará con la fecha de hoy y se enviará por correo a ${email}. ` +
              "Una vez enviada, la respuesta no se puede modificar."
            : "Se guardará con la fecha de hoy, pero no se enviará por correo: entrégala al consumidor " +
              "por otro medio. Una vez guardada, la respuesta no se puede modificar."
        }
        textareaProps={{ rows: 8, maxLength: ANSWER_MAX_LENGTH, "aria-required": true }}
      />
      <SubmitButton className="self-start" pendingLabel="Enviando…">
        Enviar respuesta
      </SubmitButton>
    </Form>
  );
}
