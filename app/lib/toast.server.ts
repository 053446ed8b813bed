import { createCookie, redirect } from "react-router";
import { z } from "zod";

import { readConfig, resolveAuthSecret } from "~/config.server";

import type { ToastMessage } from "./toast";

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "warning", "destructive"]).optional(),
  duration: z.number().int().positive().optional(),
  // Only a path of this site: a flashed toast never links elsewhere.
  action: z.object({ label: z.string(), href: z.string().regex(/^\/(?!\/)/) }).optional(),
});

let flashCookie: ReturnType<typeof createCookie> | undefined;

function getFlashCookie() {
  if (!flashCookie) {
    const config = readConfig();
    flashCookie = createCookie("patitas_toast", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.appUrl.startsWith("https://"),
      secrets: [resolveAuthSecret(config)],
      maxAge: 60,
    });
  }
  return flashCookie;
}

/** A Set-Cookie value that makes the next page show `toast` (survives a redirect). */
export async function serializeToast(toast: ToastMessage): Promise<string> {
  return getFlashCookie().serialize(toast);
}

/** A form posted without the intent its buttons send (a stray or forged post): nothing was done. */
export const UNKNOWN_ACTION_TOAST: ToastMessage = {
  title: "Error",
  description: "No se reconoció la acción: recarga la página e inténtalo de nuevo.",
  variant: "destructive",
};

export async function redirectWithToast(
  url: string,
  toast: ToastMessage,
  init?: { headers?: HeadersInit },
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await serializeToast(toast));
  return redirect(url, { headers });
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = getFlashCookie();
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === "") return { toast: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = toastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, headers };
}
