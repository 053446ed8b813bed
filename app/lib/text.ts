/** Lower-cased and without accents: 'Ratón' and 'raton' compare equal. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** The spec's slug: the lower-cased name with runs of whitespace turned into hyphens. */
export function toSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Text for HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
