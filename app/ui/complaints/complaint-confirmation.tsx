import { CircleCheckBig } from "lucide-react";
import { Link } from "react-router";
import { RESPONSE_BUSINESS_DAYS } from "~/domain/complaints/complaint";
import { Button } from "~/ui/primitives/button";

/** What the consumer sees once the complaint is stored: its code and the answer deadline. */
export function ComplaintConfirmation({
  code,
  filedAt,
  dueDate,
  email,
  isCopySent,
}: {
  code: string;
  filedAt: string;
  dueDate: string;
  email: string;
  isCopySent: boolean;
}) {
  return (
    <section
      aria-labelledby="reclamo-confirmacion"
      className="rounded-2xl border border-primary/25 bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <CircleCheckBig className="mx-auto size-14 text-primary-strong" aria-hidden />
      <h2 id="reclamo-confirmacion" className="mt-4 text-2xl font-bold">
        Reclamación Enviada
      </h2>
      <p className="mt-2 text-muted">
        Tu reclamación ha sido registrada. Nos pondremos en contacto contigo pronto.
      </p>
      <dl className="mx-auto mt-6 grid max-w-md gap-3 rounded-xl bg-primary-soft p-4 text-left">
        <div>
          <dt className="text-sm text-muted">Código de reclamación</dt>
          <dd className="text-xl font-bold tracking-wide text-primary-strong" data-testid="complaint-code">
            {code}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Fecha de registro</dt>
          <dd className="font-semibold">{filedAt}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Plazo máximo de respuesta</dt>
          <dd className="font-semibold" data-testid="complaint-due-date">
            {dueDate}
          </dd>
          <dd className="text-sm text-muted">({RESPONSE_BUSINESS_DAYS} días hábiles, improrrogables)</dd>
        </div>
      </dl>
      <p className="mt-6 text-sm">
        {isCopySent
          ? `Te enviamos una copia a ${email}.`
          : "No pudimos enviarte la copia por correo: anota tu código de reclamación."}{" "}
        Guarda tu código para cualquier consulta.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/libro-reclamaciones">Registrar otra reclamación</Link>
      </Button>
    </section>
  );
}
