import { href } from "react-router";

import { RESPONSE_BUSINESS_DAYS } from "~/domain/complaints/complaint";
import type { ComplaintCopySection } from "~/domain/complaints/complaint-email";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

export const COPY_NOT_SENT_MESSAGE =
  "No pudimos enviarte la copia por correo. Imprime o guarda esta página: es la constancia de tu reclamación.";

// Printing keeps the page's own content (the book's header and this copy) and drops the
// shop's chrome around it: the header, footer and floating buttons are siblings of <main>.
const PRINT_CSS = `
@media print {
  :has(> #contenido) > :not(#contenido), [data-toast] { display: none !important; }
  .complaint-copy-section { break-inside: avoid; }
}
`;

/** The filed sheet's sections, read-only, and the print rules that keep only the copy. */
export function ComplaintCopySheet({ sections }: { sections: ComplaintCopySection[] }) {
  return (
    <>
      <style>{PRINT_CSS}</style>
      {sections.length > 0 ? (
        <div className="mx-auto mt-6 flex max-w-xl flex-col gap-4 text-left" data-testid="complaint-copy">
          {sections.map((section) => (
            <section key={section.title} className="complaint-copy-section" aria-label={section.title}>
              <h3 className="border-b border-primary/25 pb-1 font-bold">{section.title}</h3>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {section.rows.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-muted">{row.label}</dt>
                    <dd className="font-semibold break-words whitespace-pre-wrap">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      ) : null}
    </>
  );
}

/**
 * What the consumer sees once the complaint is stored: its code, the answer deadline and
 * what was filed. When the copy could not be e-mailed (no mail server, or it failed) this
 * page is the only copy the consumer gets, so it says so and offers to print it.
 */
export function ComplaintConfirmation({
  code,
  filedAt,
  dueDate,
  email,
  isCopySent,
  sections,
}: {
  code: string;
  filedAt: string;
  dueDate: string;
  email: string;
  isCopySent: boolean;
  sections: ComplaintCopySection[];
}) {
  return (
    <section
      aria-labelledby="reclamo-confirmacion"
      className="rounded-2xl border border-primary/25 bg-white p-6 text-center shadow-sm sm:p-10 print:border-0 print:p-0 print:shadow-none"
    >
      <Icon name="circle-check-big" className="mx-auto size-14 text-primary-strong print:hidden" aria-hidden />
      <h2 id="reclamo-confirmacion" className="mt-4 text-2xl font-bold">
        Reclamación Enviada
      </h2>
      <p className="mt-2 text-muted">Tu reclamación ha sido registrada. Nos pondremos en contacto contigo pronto.</p>
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
      {isCopySent ? (
        <p className="mt-6 text-sm" data-testid="complaint-copy-notice">
          {`Te enviamos a ${email} un correo con el código y un enlace para ver y recibir la copia completa. Guarda tu código para cualquier consulta.`}
        </p>
      ) : (
        <p
          role="status"
          className="mx-auto mt-6 max-w-md rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
          data-testid="complaint-copy-notice"
        >
          {COPY_NOT_SENT_MESSAGE}
        </p>
      )}
      <ComplaintCopySheet sections={sections} />
      <div className="mt-6 flex flex-wrap justify-center gap-3 print:hidden">
        <Button type="button" variant={isCopySent ? "outline" : "default"} onClick={() => window.print()}>
          <Icon name="printer" aria-hidden /> Imprimir o guardar en PDF
        </Button>
        <Button asChild variant="outline">
          <Link to={href("/libro-reclamaciones")}>Registrar otra reclamación</Link>
        </Button>
      </div>
    </section>
  );
}
