import {
  type ComplaintStatus,
  complaintStatusLabels,
  type Deadline,
  type DeadlineTone,
  NO_MAIL_SERVER_NOTICE,
} from "~/domain/complaints/complaint-admin";
import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";

const badgeClass =
  "inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

const statusClasses: Record<ComplaintStatus, string> = {
  pendiente: "bg-amber-100 text-amber-900",
  respondido: "bg-green-100 text-green-900",
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const icon = status === "respondido" ? "circle-check" : "clock";
  return (
    <span className={cn(badgeClass, statusClasses[status])}>
      <AdminIcon name={icon} className="size-3" />
      {complaintStatusLabels[status]}
    </span>
  );
}

const deadlineClasses: Record<DeadlineTone, string> = {
  overdue: "bg-red-700 text-white",
  urgent: "bg-amber-100 text-amber-900",
  "on-time": "bg-gray-100 text-gray-800",
};

/** The business days left before the legal deadline; red once it has passed. */
export function DeadlineBadge({ deadline }: { deadline: Deadline }) {
  return (
    <span className={cn(badgeClass, deadlineClasses[deadline.tone])} data-testid="deadline-badge">
      {deadline.isOverdue ? <AdminIcon name="alarm-clock" className="size-3" /> : null}
      {deadline.label}
    </span>
  );
}

/** Shown on the complaints screens while e-mails only land in the outbox. */
export function NoMailServerNotice() {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AdminIcon name="mail-warning" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>Correo no configurado.</strong> {NO_MAIL_SERVER_NOTICE}
      </span>
    </p>
  );
}
