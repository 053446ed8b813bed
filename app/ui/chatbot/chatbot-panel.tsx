import {
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from "react";
import { href } from "react-router";

import {
  type ChatbotAnswer,
  chatbotAnswersSchema,
  type ChatMessage,
  findReply,
  getGreeting,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_STORED_MESSAGES,
  parseStoredHistory,
  prepareUserMessage,
} from "~/domain/chatbot/chatbot";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";

const HISTORY_KEY = "patitas.chatbot.historial";
const ANSWERS_URL = href("/api/chatbot");

let answersRequest: Promise<ChatbotAnswer[]> | undefined;

/** The answers, fetched once per page load (a failure is retried on the next call). */
function loadAnswers(): Promise<ChatbotAnswer[]> {
  answersRequest ??= fetch(ANSWERS_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`GET ${ANSWERS_URL} answered ${response.status}`);
      return response.json();
    })
    .then((body) => chatbotAnswersSchema.parse(body).answers)
    .catch((error: unknown) => {
      answersRequest = undefined;
      throw error;
    });
  return answersRequest;
}

// Storage can be full or blocked (private browsing): the chat then lives for this page only.
function readHistory(): ChatMessage[] {
  try {
    return parseStoredHistory(window.localStorage.getItem(HISTORY_KEY));
  } catch {
    return [];
  }
}

function saveHistory(messages: ChatMessage[]): void {
  try {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(messages));
  } catch {
    // Nothing to do: see readHistory.
  }
}

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

type SetMessages = Dispatch<SetStateAction<ChatMessage[]>>;

const keepLast = (messages: ChatMessage[]) => messages.slice(-MAX_STORED_MESSAGES);

/**
 * The answers, loaded when the panel opens (again on 'Reintentar'). A chat with no stored
 * history starts with the greeting, even when the shopper typed before the answers (and
 * so the greeting) arrived.
 */
function useAnswers(isNewChatRef: RefObject<boolean>, setMessages: SetMessages) {
  const [answers, setAnswers] = useState<ChatbotAnswer[] | null>(null);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setHasLoadFailed(false);
    loadAnswers().then(
      (loaded) => {
        if (!isCurrent) return;
        setAnswers(loaded);
        if (isNewChatRef.current) {
          isNewChatRef.current = false;
          setMessages((current) => [{ sender: "bot", text: getGreeting(loaded) }, ...current]);
        }
      },
      () => {
        if (isCurrent) setHasLoadFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, isNewChatRef, setMessages]);

  return { answers, hasLoadFailed, retry: () => setAttempt((n) => n + 1) };
}

/** Each change of the conversation is stored, and the log scrolls to its end. */
function useSavedScrollingLog(messages: ChatMessage[]) {
  const listRef = useRef<HTMLDivElement>(null);
  const hasScrolledRef = useRef(false);
  useEffect(() => {
    if (messages.length > 0) saveHistory(messages);
    const list = listRef.current;
    if (!list) return;
    // The restored history appears at its end at once; new messages glide in.
    const behavior = hasScrolledRef.current && !prefersReducedMotion() ? "smooth" : "auto";
    list.scrollTo({ top: list.scrollHeight, behavior });
    hasScrolledRef.current = true;
  }, [messages]);
  return listRef;
}

/** The conversation: what was said, the answers' loading, and sending a message. */
function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(readHistory);
  const isNewChatRef = useRef(messages.length === 0);
  const { answers, hasLoadFailed, retry } = useAnswers(isNewChatRef, setMessages);
  const listRef = useSavedScrollingLog(messages);

  // Messages sent before the answers arrived are shown at once and answered on arrival.
  const [unanswered, setUnanswered] = useState<string[]>([]);
  useEffect(() => {
    if (answers === null || unanswered.length === 0) return;
    setMessages((current) =>
      keepLast([...current, ...unanswered.map((text) => ({ sender: "bot" as const, text: findReply(text, answers) }))]),
    );
    setUnanswered([]);
  }, [answers, unanswered]);

  /** Sends what was typed; blank input sends nothing. */
  function send(draft: string) {
    const text = prepareUserMessage(draft);
    if (text === null) return;
    if (answers === null) {
      setMessages((current) => keepLast([...current, { sender: "user" as const, text }]));
      setUnanswered((current) => [...current, text]);
      return;
    }
    const reply = findReply(text, answers);
    setMessages((current) =>
      keepLast([...current, { sender: "user" as const, text }, { sender: "bot" as const, text: reply }]),
    );
  }

  return { messages, answers, hasLoadFailed, retry, listRef, send };
}

export default function ChatbotPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { messages, answers, hasLoadFailed, retry, listRef, send } = useChat();

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-titulo`}
      onKeyDown={closeOnEscape}
      className="fixed inset-x-3 bottom-3 z-50 flex h-[450px] max-h-[calc(100dvh-5.5rem)] flex-col overflow-hidden rounded-2xl border border-primary/20 bg-white shadow-2xl lg:inset-x-auto lg:right-5 lg:bottom-39 lg:max-h-[calc(100dvh-11rem)] lg:w-80"
    >
      <ChatHeader titleId={`${id}-titulo`} onClose={onClose} />
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        // Focusable so that a keyboard can scroll back through a long conversation.
        tabIndex={0}
        aria-label="Conversación con el asistente"
        className="flex flex-1 flex-col gap-2 overflow-y-auto bg-surface px-3 py-4"
      >
        {messages.map((message, index) => (
          // Messages are only ever appended (the oldest dropped past the limit), never reordered.
          <ChatBubble key={index} message={message} />
        ))}
        <ConnectionNotice isConnecting={answers === null && !hasLoadFailed} hasFailed={hasLoadFailed} onRetry={retry} />
      </div>
      <ChatInput inputId={`${id}-mensaje`} onSend={send} />
    </div>
  );
}

function ChatHeader({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <header className="flex items-center gap-3 bg-primary-strong px-4 py-3 text-white">
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-white/15">
        <Icon name="bot" className="size-5" aria-hidden />
      </span>
      <div className="flex-1">
        <h2 id={titleId} className="leading-tight font-semibold">
          Asistente Virtual
        </h2>
        <p className="text-xs text-white/85">Respuestas automáticas</p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Cerrar asistente virtual"
        className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15"
      >
        <Icon name="x" className="size-5" aria-hidden />
      </button>
    </header>
  );
}

function ChatBubble({ message }: { message: ChatMessage }) {
  return (
    <p
      data-sender={message.sender}
      className={cn(
        "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line",
        message.sender === "user"
          ? "self-end rounded-br-sm bg-primary-strong text-white"
          : "self-start rounded-bl-sm bg-white text-ink shadow-sm ring-1 ring-primary/15",
      )}
    >
      <span className="sr-only">{message.sender === "user" ? "Tú: " : "Asistente: "}</span>
      {message.text}
    </p>
  );
}

function ConnectionNotice({
  isConnecting,
  hasFailed,
  onRetry,
}: {
  isConnecting: boolean;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  if (isConnecting) return <p className="self-start text-sm text-muted">Conectando con el asistente…</p>;
  if (!hasFailed) return null;
  return (
    <div role="alert" className="self-start rounded-2xl bg-red-50 px-3 py-2 text-sm text-red-800">
      No pudimos conectar con el asistente.{" "}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

/** The message box, focused when the panel opens; it empties on each send. */
function ChatInput({ inputId, onSend }: { inputId: string; onSend: (draft: string) => void }) {
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Clearing stray spaces (nothing is sent for them) brings the placeholder back.
    setDraft("");
    onSend(draft);
  }

  return (
    <form onSubmit={send} className="flex items-center gap-2 border-t border-primary/15 p-3">
      <label htmlFor={inputId} className="sr-only">
        Tu mensaje
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Escribe tu mensaje..."
        maxLength={MAX_CHAT_MESSAGE_LENGTH}
        autoComplete="off"
        className="h-10 min-w-0 flex-1 rounded-full border border-gray-300 bg-white px-4 text-base text-ink placeholder:text-muted focus-visible:border-primary-strong"
      />
      <button
        type="submit"
        aria-label="Enviar mensaje"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-strong text-white transition-colors hover:bg-primary-strong/90 disabled:opacity-50"
      >
        <Icon name="send" className="size-4" aria-hidden />
      </button>
    </form>
  );
}
