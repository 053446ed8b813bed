import { Form, href, redirect } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { DEFAULT_KEYWORD, GREETING_KEYWORD } from "~/domain/chatbot/chatbot";
import { chatbotAnswerSchema } from "~/domain/chatbot/chatbot-admin";
import {
  addChatbotAnswer,
  type AdminChatbotAnswer,
  deleteChatbotAnswer,
  listChatbotAnswersForAdmin,
  moveChatbotAnswer,
  updateChatbotAnswer,
} from "~/domain/chatbot/chatbot-admin.server";
import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { parseMoveDirection } from "~/lib/reorder";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { MoveButton } from "~/ui/admin/move-button";
import { Field, FieldError, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/chatbot";

export const meta: Route.MetaFunction = () => [{ title: "Respuestas del Chatbot | Gestión" }];

const LIST_PATH = href("/admin/chatbot");
const INVALID_REQUEST = "Solicitud no válida. Recarga la página.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { answers: await listChatbotAnswersForAdmin() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const id = /^[1-9]\d{0,8}$/.test(values.id ?? "") ? Number(values.id) : null;

  if (values.intent === "add") {
    const parsed = parseWithSchema(chatbotAnswerSchema, values);
    if (!parsed.success) {
      return formFailure(parsed.errors, values, { description: parsed.firstMessage });
    }
    const result = await addChatbotAnswer(admin.id, parsed.data);
    if (!result.ok) return formFailure({ [result.field]: result.message }, values, { description: result.message });
    return redirectWithToast(LIST_PATH, {
      title: "Respuesta Añadida",
      description: `El asistente ya responde a "${result.keyword}".`,
    });
  }

  if (values.intent === "update" && id !== null) {
    // The fallback's form has no keyword field: its keyword cannot change.
    const hasKeyword = "keyword" in values;
    const parsed = parseWithSchema(chatbotAnswerSchema, hasKeyword ? values : { ...values, keyword: DEFAULT_KEYWORD });
    if (!parsed.success) {
      return formFailure(parsed.errors, values, { description: parsed.firstMessage });
    }
    const result = await updateChatbotAnswer(admin.id, id, {
      answer: parsed.data.answer,
      ...(hasKeyword ? { keyword: parsed.data.keyword } : {}),
    });
    if (!result.ok) return formFailure({ [result.field]: result.message }, values, { description: result.message });
    return redirectWithToast(LIST_PATH, {
      title: "Respuesta Actualizada",
      description: `Se guardó la respuesta para "${result.keyword}".`,
    });
  }

  if (values.intent === "delete" && id !== null) {
    const result = await deleteChatbotAnswer(admin.id, id);
    if (!result.ok) {
      return formFailure({ form: result.message }, values, { description: result.message }, 409);
    }
    return redirectWithToast(LIST_PATH, {
      title: "Respuesta Eliminada",
      description: `Se eliminó la respuesta para "${result.keyword}".`,
    });
  }

  const direction = parseMoveDirection(values.direction);
  if (values.intent === "move" && id !== null && direction) {
    await moveChatbotAnswer(admin.id, id, direction);
    return redirect(LIST_PATH);
  }

  return formFailure({ form: INVALID_REQUEST }, values, { description: INVALID_REQUEST });
}

type ActionState = { errors?: FieldErrors; values?: FormValues } | undefined;

export default function ChatbotAnswers({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const formKey = useResetKey(loaderData);
  const { answers } = loaderData;
  const keywords = answers.filter((entry) => entry.keyword !== DEFAULT_KEYWORD);
  const fallback = answers.find((entry) => entry.keyword === DEFAULT_KEYWORD);
  const addState = actionData?.values?.intent === "add" ? actionData : undefined;
  const stateFor = (id: number): ActionState =>
    actionData?.values?.id === String(id) && actionData.values.intent !== "move" ? actionData : undefined;

  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeader
        title="Respuestas del Chatbot"
        description={
          <>
            Cuando un cliente escribe en el chat, el asistente busca las palabras clave en su mensaje{" "}
            <strong className="text-ink">en el orden de esta lista</strong> y responde con la primera que encuentra (sin
            importar mayúsculas ni tildes). Si no encuentra ninguna, usa la respuesta por defecto. La respuesta de «
            {GREETING_KEYWORD}» es también el saludo con el que empieza el chat. Los cambios se ven en la tienda en
            menos de un minuto.
          </>
        }
      />

      <AdminCard title="Añadir Nueva Respuesta">
        <Form key={formKey} method="post" className="grid gap-4 md:grid-cols-[1fr_2fr]" noValidate>
          <Field
            label="Palabra clave (o frase corta)"
            error={addState?.errors?.keyword}
            inputProps={{
              id: "nueva-palabra",
              name: "keyword",
              defaultValue: addState?.values?.keyword ?? "",
              maxLength: 60,
              placeholder: "por ejemplo: vacunas",
              autoComplete: "off",
            }}
          />
          <TextAreaField
            id="nueva-respuesta"
            label="Respuesta del bot"
            error={addState?.errors?.answer}
            textareaProps={{ name: "answer", rows: 3, defaultValue: addState?.values?.answer ?? "", maxLength: 2000 }}
          />
          <div className="md:col-span-2">
            <SubmitButton intent="add" pendingLabel="Añadiendo…">
              Añadir Respuesta
            </SubmitButton>
          </div>
        </Form>
      </AdminCard>

      <section aria-labelledby="respuestas-lista">
        <h2 id="respuestas-lista" className="mb-4 text-lg font-bold">
          Palabras clave, en el orden en que se buscan
        </h2>
        {keywords.length === 0 ? (
          <p className="rounded-xl border bg-white p-6 text-center text-muted">No hay palabras clave.</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {keywords.map((entry, index) => (
              <AnswerCard
                key={entry.id}
                entry={entry}
                position={index + 1}
                isFirst={index === 0}
                isLast={index === keywords.length - 1}
                state={stateFor(entry.id)}
              />
            ))}
          </ol>
        )}
      </section>

      {fallback ? (
        <section aria-labelledby="respuesta-defecto">
          <h2 id="respuesta-defecto" className="mb-1 text-lg font-bold">
            Respuesta por defecto
          </h2>
          <p className="mb-4 text-sm text-muted">
            Se usa cuando el mensaje no contiene ninguna palabra clave. No se puede eliminar.
          </p>
          <AnswerCard entry={fallback} state={stateFor(fallback.id)} />
        </section>
      ) : null}
    </div>
  );
}

/** One answer, editable and saved on its own; keyword answers also move and delete. */
function AnswerCard({
  entry,
  position,
  isFirst = false,
  isLast = false,
  state,
}: {
  entry: AdminChatbotAnswer;
  position?: number;
  isFirst?: boolean;
  isLast?: boolean;
  state: ActionState;
}) {
  const isFallback = entry.keyword === DEFAULT_KEYWORD;
  const prefix = `respuesta-${entry.id}`;
  const Wrapper = isFallback ? "div" : "li";
  return (
    <Wrapper id={prefix} className="rounded-xl border bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          {position !== undefined ? (
            <span className="inline-flex size-7 items-center justify-center rounded-full bg-primary-soft text-sm text-primary-strong">
              {position}
            </span>
          ) : null}
          {isFallback ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              Respuesta por defecto
            </span>
          ) : (
            <span className="break-all">{entry.keyword}</span>
          )}
        </p>
        {isFallback ? null : (
          <div className="flex items-center gap-1">
            <MoveButton
              id={entry.id}
              direction="up"
              isDisabled={isFirst}
              title={`Subir «${entry.keyword}» en el orden de búsqueda`}
            />
            <MoveButton
              id={entry.id}
              direction="down"
              isDisabled={isLast}
              title={`Bajar «${entry.keyword}» en el orden de búsqueda`}
            />
            <ConfirmDeleteButton
              itemName={`la respuesta para "${entry.keyword}"`}
              fields={{ intent: "delete", id: String(entry.id) }}
              description={
                <>
                  Esta acción no se puede deshacer. El asistente dejará de responder a{" "}
                  <strong className="text-ink">{entry.keyword}</strong>.
                </>
              }
            />
          </div>
        )}
      </div>
      {/* Keyed by the stored text: once saved, the fields show what was stored, while the
          other cards keep whatever is being typed in them. */}
      <Form
        key={`${entry.keyword}\u0000${entry.answer}`}
        method="post"
        preventScrollReset
        className={isFallback ? "flex flex-col gap-3" : "grid gap-3 md:grid-cols-[1fr_2fr]"}
        noValidate
      >
        <input type="hidden" name="id" value={entry.id} />
        {isFallback ? null : (
          <Field
            label="Palabra clave"
            error={state?.errors?.keyword}
            inputProps={{
              id: `${prefix}-palabra`,
              name: "keyword",
              defaultValue: state?.values?.keyword ?? entry.keyword,
              maxLength: 60,
              autoComplete: "off",
            }}
          />
        )}
        <TextAreaField
          id={`${prefix}-texto`}
          label={isFallback ? "Respuesta cuando no se encuentra ninguna palabra clave" : "Respuesta"}
          error={state?.errors?.answer}
          textareaProps={{
            name: "answer",
            rows: 2,
            defaultValue: state?.values?.answer ?? entry.answer,
            maxLength: 2000,
          }}
        />
        <FieldError id={`${prefix}-error`} message={state?.errors?.form} />
        <div className="md:col-span-2">
          <SubmitButton intent="update" pendingFields={{ id: String(entry.id) }} size="sm">
            Guardar
          </SubmitButton>
        </div>
      </Form>
    </Wrapper>
  );
}
