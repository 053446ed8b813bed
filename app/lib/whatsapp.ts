const DEFAULT_WHATSAPP_NUMBER = "51924810866";
export const GENERAL_INQUIRY_TEXT = "Hola, quisiera hacer una consulta";

/** wa.me wants digits with the country code: '924 810 866' -> '51924810866'. */
export function toWhatsAppNumber(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 9 && digits.startsWith("9")) return `51${digits}`;
  return digits.length >= 8 ? digits : DEFAULT_WHATSAPP_NUMBER;
}

export function buildWhatsAppUrl(phone: string | null | undefined, text: string): string {
  return `https://wa.me/${toWhatsAppNumber(phone)}?text=${encodeURIComponent(text)}`;
}
