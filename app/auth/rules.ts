export const MIN_PASSWORD_LENGTH = 6;

export type Role = "user" | "admin";

/** The header shows the first word of the full name, else the e-mail before '@'. */
export function getDisplayName(user: { name?: string | null; email: string }): string {
  const firstWord = user.name?.trim().split(/\s+/)[0];
  return firstWord || user.email.split("@")[0] || user.email;
}

const SAME_SITE = "http://tienda.invalid";

/**
 * Only same-site paths are followed after sign-in or sign-out; anything else falls back.
 * The path is read as a browser would read it (the URL parser drops tabs and line breaks,
 * and resolves dot segments, either of which can turn "/…" into "//other.site"), and it is
 * given back percent-encoded: a Location header carries bytes, so "/perfil?q=İ" as typed
 * would fail the redirect instead of following it.
 */
export function getSafeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) {
    return fallback;
  }
  if (target.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(target, SAME_SITE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SAME_SITE || path.startsWith("//")) return fallback;
  return path;
}
