// Pure text rules shared by server and browser; kept apart from the zod schemas so that
// pages using them do not ship zod to the browser.

/** The editors separate paragraphs with a blank line; single line breaks stay inside one. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Multi-line settings such as the opening hours: one non-empty line per row. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A description for search results and previews: the first paragraph, cut at a word. */
export function summarise(text: string, maxLength = 160): string {
  const first = splitParagraphs(text)[0]?.replace(/\s+/g, " ") ?? "";
  if (first.length <= maxLength) return first;
  return `${first.slice(0, maxLength - 1).replace(/\s+\S*$/, "")}…`;
}
