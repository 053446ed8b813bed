import { Form, href, redirect } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { DEFAULT_KEYWORD, GREETING_KEYWORD } from "~/domain/chatbot/chatbot";
import { chatbotAnswerSchema, MAX_KEYWORDS_FIELD_LENGTH } from "~/domain/chatbot/chatbot-admin";
import {
  addChatbotAnswer,
  type AdminChatbotAnswer,
  deleteChatbotAnswer,
  listChatbotAnswersForAdmin,
  moveChatbotAnswer,
  updateChatbotAnswer,
} from "~/domain/chatbot/chatbot-admin.server";
import { answerPlaceholders } from "~/domain/chatbot/chatbot-facts";
import { formFailure, parseForm } from "~/lib/form.server";
import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { parseMoveDirection } from "~/lib/reorder";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { MoveButton } from "~/ui/admin/move-button";
import { Field, FieldError, TextAreaField } from "~/ui/form/field";
import { formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/chatbot";

export const meta: Route.MetaFunction = () => [{ title: "Respuestas del Chatbot | Gestión" }];

const LIST_PATH = href("/admin/chatbot");
const INVALID_REQUEST = "Solicitud no válida. Recarga la página.";
/** The spec titles this screen's refusals 'Error', not 'Error de Validación'. */
const ERROR_TITLE = "Error";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { answers: await listChatbotAnswersForAdmin() };
}

function refuse(errors: FieldErrors, values: FormValues, status = 400) {
  return formFailure(errors, values, { title: ERROR_TITLE }, status);
}

async function addAnswer(adminId: string, formData: FormData) {
  const form = await parseForm(formData, chatbotAnswerSchema, ERROR_TITLE);
  if (!form.ok) return form.failure;
  const result = await addChatbotAnswer(adminId, form.data);
  if (!result.ok) return refuse({ [result.field]: result.message }, form.values);
  return redirectWithToast(LIST_PATH, {
    title: "Respuesta Añadida",
    description: `El asistente ya responde a "${result.keyword}".`,
  });
}

async function updateAnswer(adminId: string, id: number, values: FormValues) {
  // The fallback's form has no keyword field: its keyword cannot change.
  const hasKeyword = "keyword" in values;
  const parsed = parseWithSchema(chatbotAnswerSchema, hasKeyword ? values : { ...values, keyword: DEFAULT_KEYWORD });
  if (!parsed.success) return refuse(parsed.errors, values);
  const result = await updateChatbotAnswer(adminId, id, {
    answer: parsed.data.answer,
    ...(hasKeyword ? { keyword: parsed.data.keyword } : {}),
  });
  if (!result.ok) return refuse({ [result.field]: result.message }, values);
  return redirectWithToast(LIST_PATH, {
    title: "Respuesta Actualizada",
    description: `Se guardó la respuesta para "${result.keyword}".`,
  });
}

async function deleteAnswer(adminId: string, id: number, values: FormValues) {
  const result = await deleteChatbotAnswer(adminId, id);
  if (!result.ok) return refuse({ form: result.message }, values, 409);
  return redirectWithToast(LIST_PATH, {
    title: "Respuesta Eliminada",
    description: `Se eliminó la respuesta para "${result.keyword}".`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const values = readFormValues(formData);
  const id = parseRecordId(values.id);
  if (values.intent === "add") return addAnswer(admin.id, formData);
  if (values.intent === "update" && id !== null) return updateAnswer(admin.id, id, values);
  if (values.intent === "delete" && id !== null) return deleteAnswer(admin.id, id, values);
  const direction = parseMoveDirection(values.direction);
  if (values.intent === "move" && id !== null && direction) {
    await moveChatbotAnswer(admin.id, id, direction);
    return redirect(LIST_PATH);
  }
  return refuse({ form: INVALID_REQUEST }, values);
}

type ActionState = { errors?: FieldErrors; values?: FormValues } | undefined;

export default function ChatbotAnswers({ loaderData, actionData }: Route.ComponentProps) {
  // One toast for the whole page: its forms bind their fields with formFields().
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
      <ChatbotHeader />
      <AddAnswerForm formKey={formKey} state={addState} />
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
      {fallback ? <FallbackSection entry={fallback} state={stateFor(fallback.id)} /> : null}
    </div>
  );
}

function ChatbotHeader() {
  return (
    <AdminPageHeader
      title="Respuestas del Chatbot"
      description={
        <>
          Cuando un cliente escribe en el chat, el asistente busca las palabras clave en su mensaje{" "}
          <strong className="text-ink">en el orden de esta lista</strong> y responde con la primera que encuentra (sin
          importar mayúsculas, tildes, plurales ni pequeños errores al escribir, y con los{" "}
          <Link to={href("/admin/busqueda")} className="font-semibold text-primary-strong underline">
            sinónimos
          </Link>{" "}
          que definas). Si no encuentra ninguna, usa la respuesta por defecto. La respuesta de «{GREETING_KEYWORD}» es
          también el saludo con el que empieza el chat. Los cambios se ven en la tienda en menos de un minuto.
        </>
      }
    />
  );
}

const KEYWORD_INPUT = { maxLength: MAX_KEYWORDS_FIELD_LENGTH, autoComplete: "off" } as const;

/** The live facts an answer may name, filled in when the chat loads. */
function PlaceholderHint() {
  return (
    <>
      Puedes incluir datos de la tienda, que el asistente escribe siempre al día:{" "}
      {answerPlaceholders.map(({ name, description }, index) => (
        <span key={name}>
          {index > 0 ? "; " : null}
          <code className="font-semibold text-ink">{`{${name}}`}</code> {description}
        </span>
      ))}
      .
    </>
  );
}

/** Keyed by useResetKey: empty again after a successful add, what was typed kept after a refusal. */
function AddAnswerForm({ formKey, state }: { formKey: number; state: ActionState }) {
  const form = formFields(state?.values, state?.errors);
  return (
    <AdminCard title="Añadir Nueva Respuesta">
      <Form key={formKey} method="post" className="grid gap-4 md:grid-cols-[1fr_2fr]" noValidate>
        <Field
          label="Palabras clave (separadas por comas)"
          hint="Palabras o frases cortas; basta con que el mensaje tenga una."
          field={{ ...form.field("keyword"), id: "nueva-palabra" }}
          inputProps={{ ...KEYWORD_INPUT, placeholder: "por ejemplo: ubicación, dónde están, dirección" }}
        />
        <TextAreaField
          label="Respuesta del bot"
          hint={<PlaceholderHint />}
          field={{ ...form.field("answer"), id: "nueva-respuesta" }}
          textareaProps={{ rows: 3, maxLength: 2000 }}
        />
        <div className="md:col-span-2">
          <SubmitButton intent="add" pendingLabel="Añadiendo…">
            Añadir Respuesta
          </SubmitButton>
        </div>
      </Form>
    </AdminCard>
  );
}

function FallbackSection({ entry, state }: { entry: AdminChatbotAnswer; state: ActionState }) {
  return (
    <section aria-labelledby="respuesta-defecto">
      <h2 id="respuesta-defecto" className="mb-1 text-lg font-bold">
        Respuesta por defecto
      </h2>
      <p className="mb-4 text-sm text-muted">
        Se usa cuando el mensaje no contiene ninguna palabra clave. No se puede eliminar.
      </p>
      <AnswerCard entry={entry} state={state} />
    </section>
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
  const Wrapper = isFallback ? "div" : "li";
  return (
    <Wrapper id={`respuesta-${entry.id}`} className="rounded-xl border bg-white p-4 shadow-sm sm:p-5">
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
        {isFallback ? null : <AnswerCardActions entry={entry} isFirst={isFirst} isLast={isLast} />}
      </div>
      <AnswerForm entry={entry} isFallback={isFallback} state={state} />
    </Wrapper>
  );
}

/** Up, down and delete (with confirmation) for a keyword answer. */
function AnswerCardActions({
  entry,
  isFirst,
  isLast,
}: {
  entry: AdminChatbotAnswer;
  isFirst: boolean;
  isLast: boolean;
}) {
  return (
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
  );
}

/** The answer's own form: keyword (not for the fallback) and text, saved with 'Guardar'. */
function AnswerForm({
  entry,
  isFallback,
  state,
}: {
  entry: AdminChatbotAnswer;
  isFallback: boolean;
  state: ActionState;
}) {
  const prefix = `respuesta-${entry.id}`;
  const form = formFields(state?.values ?? { keyword: entry.keyword, answer: entry.answer }, state?.errors);
  return (
    // Keyed by the stored text: once saved, the fields show what was stored, while the
    // other cards keep whatever is being typed in them.
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
          label="Palabras clave"
          field={{ ...form.field("keyword"), id: `${prefix}-palabra` }}
          inputProps={KEYWORD_INPUT}
        />
      )}
      <TextAreaField
        label={isFallback ? "Respuesta cuando no se encuentra ninguna palabra clave" : "Respuesta"}
        field={{ ...form.field("answer"), id: `${prefix}-texto` }}
        textareaProps={{ rows: 2, maxLength: 2000 }}
      />
      <FieldError id={`${prefix}-error`} message={form.error("form")} />
      <div className="md:col-span-2">
        <SubmitButton intent="update" pendingFields={{ id: String(entry.id) }} size="sm">
          Guardar
        </SubmitButton>
      </div>
    </Form>
  );
}
