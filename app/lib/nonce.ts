import { createContext, useContext } from "react";

// The per-response Content-Security-Policy nonce: entry.server.tsx provides it while
// rendering, so the inline scripts React Router writes can carry it. In the browser it is
// empty (the scripts already ran; browsers hide nonce values from the DOM anyway).
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
