import { data, Form, href, redirect, useNavigation } from "react-router";

import {
  CONSUMER_AUTHORITY_LEGEND,
  RESPONSE_BUSINESS_DAYS,
  RESPONSE_DEADLINE_LEGEND,
} from "~/domain/complaints/complaint";
import { readComplaintCopy, sendFullComplaintCopy } from "~/domain/complaints/complaint-copy.server";
import { pageTitle } from "~/domain/content/seo";
import { TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { ComplaintCopySheet, COPY_NOT_SENT_MESSAGE } from "~/ui/complaints/complaint-confirmation";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/complaint-copy";

// Where the notice e-mailed at filing time leads: following its signed link proves the
// reader holds the address typed in the book, so only here are the sender's data and text
// shown, and only from here is the full copy e-mailed (issue 29).

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Copia de tu Reclamación", matches) },
  { name: "robots", content: "noindex" },
];

function readToken(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  return { copy: await readComplaintCopy(readToken(request)) };
}

export async function action({ request }: Route.ActionArgs) {
  const token = readToken(request);
  const here = `${href("/libro-reclamaciones/copia")}?token=${encodeURIComponent(token)}`;
  const result = await sendFullComplaintCopy(token);
  if (result.status === "expired") return redirect(here);
  if (result.status === "too-many") {
    const toast: ToastMessage = {
      title: "Error de Envío",
      description: TOO_MANY_SUBMISSIONS_MESSAGE,
      variant: "destructive",
    };
    return data({ toast }, { status: 429 });
  }
  return redirectWithToast(
    here,
    result.status === "sent"
      ? { title: "Copia Enviada", description: `Te enviamos la copia completa a ${result.email}.` }
      : { title: "Copia No Enviada", description: COPY_NOT_SENT_MESSAGE, variant: "destructive" },
  );
}

export default function ComplaintCopyPage({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const isSending = useNavigation().state === "submitting";
  const { copy } = loaderData;

  if (!copy) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Enlace no válido</h1>
        <p className="mt-3 text-muted">
          El enlace a la copia no es válido o ya venció. Si necesitas la copia de tu reclamación, escríbenos con su
          código.
        </p>
        <Button asChild className="mt-6">
          <Link to={href("/libro-reclamaciones")}>Ir al Libro de Reclamaciones</Link>
        </Button>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="copia-reclamacion"
      className="mx-auto my-10 max-w-3xl rounded-2xl bg-white p-6 text-center shadow-sm sm:p-10 print:my-0 print:p-0 print:shadow-none"
    >
      <Icon name="book-open-text" className="mx-auto size-12 text-primary-strong print:hidden" aria-hidden />
      <h1 id="copia-reclamacion" className="mt-3 text-2xl font-bold sm:text-3xl">
        Copia de tu Reclamación
      </h1>
      <dl className="mx-auto mt-6 grid max-w-md gap-3 rounded-xl bg-primary-soft p-4 text-left">
        <div>
          <dt className="text-sm text-muted">Código de reclamación</dt>
          <dd className="text-xl font-bold tracking-wide text-primary-strong" data-testid="complaint-code">
            {copy.code}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Fecha de registro</dt>
          <dd className="font-semibold">{copy.filedAt}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Plazo máximo de respuesta</dt>
          <dd className="font-semibold">{copy.dueDate}</dd>
          <dd className="text-sm text-muted">({RESPONSE_BUSINESS_DAYS} días hábiles, improrrogables)</dd>
        </div>
      </dl>
      <ComplaintCopySheet sections={copy.sections} />
      <p className="mx-auto mt-6 max-w-xl text-left text-sm text-muted">{RESPONSE_DEADLINE_LEGEND}</p>
      <p className="mx-auto mt-2 max-w-xl text-left text-sm text-muted">{CONSUMER_AUTHORITY_LEGEND}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3 print:hidden">
        <Form method="post">
          <Button type="submit" disabled={isSending}>
            <Icon name="mail" aria-hidden /> {isSending ? "Enviando…" : `Enviar la copia completa a ${copy.email}`}
          </Button>
        </Form>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Icon name="printer" aria-hidden /> Imprimir o guardar en PDF
        </Button>
      </div>
    </section>
  );
}
