export const MIN_PASSWORD_LENGTH = 6;

/** better-auth's username plugin: 3 to 30 of letters, digits, '_' and '.'. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;

export type Role = "user" | "admin";

/** The header shows the first word of the full name, else the e-mail before '@'. */
export function getDisplayName(user: { name?: string | null; email: string }): string {
  const firstWord = user.name?.trim().split(/\s+/)[0];
  return firstWord || user.email.split("@")[0] || user.email;
}

/** Only same-site paths are followed after sign-in; anything else falls back. */
export function getSafeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) {
    return fallback;
  }
  if (target.includes("\\")) return fallback;
  return target;
}
