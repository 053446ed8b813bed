/** The shop's name until the owner sets theirs, and wherever the settings cannot be read. */
export const DEFAULT_SHOP_NAME = "Patitas Felices";

export const fontFamilies = ["Fredoka", "Arial", "Verdana", "Times New Roman"] as const;
export type FontFamily = (typeof fontFamilies)[number];

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The CSS font stack of each font (also the back office's preview). */
export const fontStacks: Record<FontFamily, string> = {
  Fredoka: '"Fredoka Variable", "Fredoka"',
  Arial: "Arial, Helvetica",
  Verdana: "Verdana, Geneva",
  "Times New Roman": '"Times New Roman", Times, serif',
};

/** CSS custom properties for the storefront theme; bad stored values fall back to defaults. */
export function buildThemeStyle(theme: {
  primaryColor: string;
  secondaryColor: string;
  fontFamily: string;
}): Record<string, string> {
  const font = (fontFamilies as readonly string[]).includes(theme.fontFamily)
    ? (theme.fontFamily as FontFamily)
    : "Fredoka";
  return {
    "--color-primary": HEX_COLOUR.test(theme.primaryColor) ? theme.primaryColor : "#2ea8a8",
    "--color-secondary": HEX_COLOUR.test(theme.secondaryColor) ? theme.secondaryColor : "#f8a78b",
    "--shop-font": fontStacks[font],
  };
}
