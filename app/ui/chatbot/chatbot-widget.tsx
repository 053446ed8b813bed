import { lazy, Suspense, useEffect, useRef, useState } from "react";

import { Icon } from "~/ui/icons/icon";

// The panel, its icons and the reply rule load only when a visitor opens the chat.
const loadPanel = () => import("./chatbot-panel");
const ChatbotPanel = lazy(loadPanel);

const PANEL_ID = "asistente-virtual";

/** The floating chat button, stacked above the WhatsApp button, and its panel. */
export function ChatbotWidget() {
  const [isOpen, setIsOpen] = useState(false);
  const [isHydrated, setIsHydrated] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The chat runs in the browser only: the button appears once it can answer a click,
  // so an early tap is never lost and a page without JavaScript shows no dead button.
  useEffect(() => setIsHydrated(true), []);
  if (!isHydrated) return null;

  function close() {
    setIsOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <>
      {isOpen ? (
        <Suspense
          fallback={
            <div
              role="status"
              className="fixed right-5 bottom-39 z-50 w-80 max-w-[calc(100vw-2.5rem)] rounded-2xl bg-white p-4 text-sm text-muted shadow-2xl"
            >
              Cargando asistente…
            </div>
          }
        >
          <ChatbotPanel id={PANEL_ID} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        aria-label={isOpen ? "Cerrar asistente virtual" : "Abrir asistente virtual"}
        title={isOpen ? "Cerrar asistente virtual" : "Abrir asistente virtual"}
        aria-expanded={isOpen}
        aria-controls={isOpen ? PANEL_ID : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className="fixed right-5 bottom-22 z-50 inline-flex size-14 items-center justify-center rounded-full bg-primary-strong text-white shadow-lg transition-transform hover:scale-105"
      >
        {isOpen ? (
          <Icon name="x" className="size-7" aria-hidden />
        ) : (
          <Icon name="bot-message-square" className="size-7" aria-hidden />
        )}
      </button>
    </>
  );
}
