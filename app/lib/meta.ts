import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";

type MatchLike = { id: string; data?: unknown } | undefined;

/** '<page> | <shop name>', the shop name coming from the root loader's settings. */
export function pageTitle(page: string, matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { shop?: { name?: string } } | undefined;
  return `${page} | ${root?.shop?.name ?? DEFAULT_SHOP_NAME}`;
}
