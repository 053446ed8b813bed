import { data, useFetcher, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  type AdminContactMessage,
  deleteContactMessage,
  listContactMessages,
  setContactMessageRead,
} from "~/domain/content/contact-message-admin.server";
import { cn } from "~/lib/cn";
import { parsePage, parseRecordId } from "~/lib/parse";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/messages";

function describeUnread(count: number): string {
  return count === 1 ? "1 sin leer" : `${count} sin leer`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && loaderData.unreadCount > 0
        ? `Mensajes de Contacto (${describeUnread(loaderData.unreadCount)}) | Gestión`
        : "Mensajes de Contacto | Gestión",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listContactMessages(parsePage(new URL(request.url).searchParams.get("pagina")));
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = parseRecordId(formData.get("id"));
  const missing: ToastMessage = { title: "Error", description: "Mensaje no encontrado.", variant: "destructive" };
  const isKnownIntent = intent === "read" || intent === "unread" || intent === "delete";
  if (id === null || !isKnownIntent) return data({ toast: missing }, { status: 400 });
  if (intent === "delete") {
    if (!(await deleteContactMessage(admin.id, id))) return data({ toast: missing }, { status: 404 });
    const back = new URL(request.url);
    return redirectWithToast(`${back.pathname}${back.search}`, {
      title: "Mensaje Eliminado",
      description: "El mensaje y los datos de quien lo envió se borraron de la tienda.",
    });
  }
  const isFound = await setContactMessageRead(id, intent === "read");
  if (!isFound) return data({ toast: missing }, { status: 404 });
  return { toast: null };
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, unreadCount, page, pageCount } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title={unreadCount > 0 ? `Mensajes de Contacto (${describeUnread(unreadCount)})` : "Mensajes de Contacto"}
        description="Mensajes enviados desde el formulario de la página de contacto. Los no leídos aparecen primero."
      />
      {messages.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-center text-muted">No hay mensajes.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{total === 1 ? "1 mensaje" : `${total} mensajes`}</p>
          <ul className="flex flex-col gap-4" aria-label="Mensajes">
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}

function MessageCard({ message }: { message: AdminContactMessage }) {
  const fetcher = useFetcher<typeof action>();
  useToastFrom(fetcher.data?.toast);
  // Shown at once; the loader's revalidation then puts the message in its new place.
  const pendingIntent = fetcher.formData?.get("intent");
  const isRead = pendingIntent ? pendingIntent === "read" : message.isRead;
  const titleId = `mensaje-${message.id}`;
  const replyHref = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="contact-message"
      className={cn(
        "rounded-xl border p-5 shadow-sm",
        isRead ? "bg-white" : "border-l-4 border-l-primary-strong bg-primary-soft/40",
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-lg font-bold break-words">
            {isRead ? null : (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-strong px-2 py-0.5 text-xs font-semibold text-white">
                <AdminIcon name="mail" className="size-3" /> No leído
              </span>
            )}
            <span className="min-w-0 break-words">{message.subject || "(Sin asunto)"}</span>
          </h2>
          <p className="text-sm break-words">
            <span className="font-semibold">{message.fullName}</span> ·{" "}
            <a href={`mailto:${message.email}`} className="text-primary-strong hover:underline">
              {message.email}
            </a>
          </p>
        </div>
        <p className="text-sm text-muted">{message.receivedAt}</p>
      </header>
      <p className="mt-3 break-words whitespace-pre-wrap">{message.message}</p>
      <footer className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={replyHref}>
            <AdminIcon name="reply" /> Responder por correo
          </a>
        </Button>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={message.id} />
          <input type="hidden" name="intent" value={isRead ? "unread" : "read"} />
          <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
            {isRead ? <AdminIcon name="mail-open" /> : <AdminIcon name="mail-check" />}
            {isRead ? "Marcar como no leído" : "Marcar como leído"}
          </Button>
        </fetcher.Form>
        <ConfirmDeleteButton
          itemName={`el mensaje de ${message.fullName} (${message.email})`}
          fields={{ intent: "delete", id: String(message.id) }}
        />
      </footer>
    </article>
  );
}
