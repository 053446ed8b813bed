import type { SocialMedia, SocialNetwork } from "~/db/schema/content";
import { toWhatsAppNumber } from "~/lib/whatsapp";

/**
 * Where the map is centred: the sample address (Av. Primavera 1234, Santiago de Surco,
 * Lima). The settings hold only the address text, so a move means changing this value.
 */
export const SHOP_LOCATION = { lat: -12.1107, lng: -76.9896 } as const;
export const MAP_ZOOM = 15;

const socialNetworkLabels: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  twitter: "X (Twitter)",
};

export type SocialLink = { network: SocialNetwork; label: string; url: string };

const NETWORK_ORDER: SocialNetwork[] = ["facebook", "instagram", "tiktok", "twitter"];

/** The networks the owner marked 'Mostrar en la web' that have a usable web address. */
export function listActiveSocialLinks(socialMedia: Partial<SocialMedia> | null | undefined): SocialLink[] {
  return NETWORK_ORDER.flatMap((network) => {
    const entry = socialMedia?.[network];
    if (!entry?.isActive) return [];
    const url = toWebUrl(entry.url);
    return url ? [{ network, label: socialNetworkLabels[network], url }] : [];
  });
}

/**
 * A link typed in the back office made safe for an href: a path inside the shop
 * ('/productos') or an http(s) address; anything else (javascript:, typos) is dropped.
 */
export function toSafeHref(link: string | null | undefined): string | null {
  const trimmed = (link ?? "").trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  return toWebUrl(trimmed);
}

function toWebUrl(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** 'Cómo llegar': Google Maps' documented search URL, which needs no key. */
export function buildMapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** '51924810866' -> '+51 924 810 866'; other shapes are shown with a leading '+' only. */
export function formatPhoneForDisplay(phone: string): string {
  const digits = toWhatsAppNumber(phone);
  const peruMobile = /^51(9\d{2})(\d{3})(\d{3})$/.exec(digits);
  if (peruMobile) return `+51 ${peruMobile[1]} ${peruMobile[2]} ${peruMobile[3]}`;
  return `+${digits}`;
}

/** The number in E.164 for tel: links and structured data. */
export function toInternationalPhone(phone: string): string {
  return `+${toWhatsAppNumber(phone)}`;
}
