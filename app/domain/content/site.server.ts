import { readConfig } from "~/config.server";

/** The public base URL (APP_URL) for canonical links, previews and the sitemap. */
export function getSiteOrigin(): string {
  return readConfig().appUrl;
}
