import "~/lib/validation";

import { z } from "zod";

import type { SocialMedia, SocialNetwork } from "~/db/schema/content";
import { isStorableImagePath } from "~/domain/media/image";
import type { FormValues } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";
import { toWhatsAppNumber } from "~/lib/whatsapp";

import { fontFamilies } from "./settings";

// The back office's settings forms: /admin/configuracion and /admin/configuracion/contacto.

const EMPTY_LOGO_MESSAGE = "El nombre del archivo del logo no puede estar vacío.";
const ALL_CONTACT_FIELDS_REQUIRED = "Todos los campos son obligatorios.";
const RUC_MESSAGE = "El RUC debe tener 11 dígitos y empezar con 10, 15, 17 o 20.";

// A value list, not the schema's `socialNetworks`: that module pulls Drizzle into the browser.
export const socialNetworkOrder = [
  "facebook",
  "instagram",
  "tiktok",
  "twitter",
] as const satisfies readonly SocialNetwork[];

export const socialNetworkNames: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  twitter: "Twitter / X",
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function colour(label: string) {
  return z
    .string()
    .trim()
    .regex(HEX_COLOUR, `El ${label} debe ser un color hexadecimal como #2ea8a8.`)
    .transform((value) => value.toLowerCase());
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

function socialEntry(network: SocialNetwork) {
  const name = socialNetworkNames[network];
  return z
    .object({
      url: z
        .string()
        .trim()
        .max(300, `La dirección de ${name} es demasiado larga.`)
        .refine((url) => url === "" || isHttpsUrl(url), `La dirección de ${name} debe empezar con https://`),
      isActive: z.boolean(),
    })
    .refine((entry) => !entry.isActive || entry.url !== "", {
      message: `Escribe la dirección de ${name} para mostrarla en la web.`,
      path: ["url"],
    });
}

/** A whole number typed in a box, within the range the database also checks. */
function wholeNumber(min: number, max: number) {
  const message = `Escribe un número entero entre ${min} y ${max}.`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

function requiredText(message: string, max = 200) {
  return z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres.`);
}

export const generalSettingsSchema = z.object({
  // With a real upload the logo is never a hand-typed name: the rule becomes "the logo
  // cannot be removed without a replacement" (the header always needs one).
  logo: z
    .string()
    .trim()
    .min(1, EMPTY_LOGO_MESSAGE)
    .refine(isStorableImagePath, "El logo no es una imagen válida. Súbelo de nuevo."),
  shopName: requiredText("El nombre de la tienda es obligatorio.", 80),
  primaryColor: colour("color primario"),
  secondaryColor: colour("color secundario"),
  fontFamily: z.enum(fontFamilies, "Elige una de las fuentes de la lista."),
  socialMedia: z.object({
    facebook: socialEntry("facebook"),
    instagram: socialEntry("instagram"),
    tiktok: socialEntry("tiktok"),
    twitter: socialEntry("twitter"),
  }),
  googleMapsApiKey: z
    .string()
    .trim()
    .max(100, "La API Key de Google Maps es demasiado larga.")
    .regex(/^[A-Za-z0-9_-]*$/, "La API Key de Google Maps solo puede tener letras, números, guiones y guiones bajos."),
  providerLegalName: requiredText("La razón social del proveedor es obligatoria.", 150),
  providerRuc: z
    .string()
    .trim()
    .regex(/^(10|15|17|20)\d{9}$/, RUC_MESSAGE),
  providerAddress: requiredText("La dirección del proveedor es obligatoria.", 200),
  // Orders hold their units before anyone pays (order-limits.ts). A cart line holds at most 99.
  maxUnitsPerOrder: wholeNumber(1, 99),
  maxStockPercentPerOrder: wholeNumber(1, 100),
  // Up to 30 days.
  paymentHours: wholeNumber(1, 720),
});

export type GeneralSettings = z.output<typeof generalSettingsSchema>;

/** The flat form fields ('socialMedia.facebook.url', a checked box = 'on') as the schema's shape. */
export function readGeneralSettingsForm(values: FormValues) {
  const socialMedia = Object.fromEntries(
    socialNetworkOrder.map((network) => [
      network,
      {
        url: values[`socialMedia.${network}.url`] ?? "",
        isActive: values[`socialMedia.${network}.isActive`] === "on",
      },
    ]),
  );
  return {
    logo: values.logo ?? "",
    shopName: values.shopName ?? "",
    primaryColor: values.primaryColor ?? "",
    secondaryColor: values.secondaryColor ?? "",
    fontFamily: values.fontFamily ?? "",
    socialMedia,
    googleMapsApiKey: values.googleMapsApiKey ?? "",
    providerLegalName: values.providerLegalName ?? "",
    providerRuc: values.providerRuc ?? "",
    providerAddress: values.providerAddress ?? "",
    maxUnitsPerOrder: values.maxUnitsPerOrder ?? "",
    maxStockPercentPerOrder: values.maxStockPercentPerOrder ?? "",
    paymentHours: values.paymentHours ?? "",
  };
}

/** The stored row as form values, for the form's first render. */
export function toGeneralSettingsFormValues(stored: GeneralSettings): FormValues {
  const values: FormValues = {
    logo: stored.logo,
    shopName: stored.shopName,
    primaryColor: stored.primaryColor,
    secondaryColor: stored.secondaryColor,
    fontFamily: stored.fontFamily,
    googleMapsApiKey: stored.googleMapsApiKey,
    providerLegalName: stored.providerLegalName,
    providerRuc: stored.providerRuc,
    providerAddress: stored.providerAddress,
    maxUnitsPerOrder: String(stored.maxUnitsPerOrder),
    maxStockPercentPerOrder: String(stored.maxStockPercentPerOrder),
    paymentHours: String(stored.paymentHours),
  };
  for (const network of socialNetworkOrder) {
    const entry = stored.socialMedia[network];
    values[`socialMedia.${network}.url`] = entry.url;
    if (entry.isActive) values[`socialMedia.${network}.isActive`] = "on";
  }
  return values;
}

/** The parts of the settings screen, in the order their toasts are named. */
const settingsParts = ["logo", "name", "design", "social", "maps", "provider", "orders"] as const;
export type SettingsPart = (typeof settingsParts)[number];

const partFields: Record<SettingsPart, (keyof GeneralSettings)[]> = {
  logo: ["logo"],
  name: ["shopName"],
  design: ["primaryColor", "secondaryColor", "fontFamily"],
  social: ["socialMedia"],
  maps: ["googleMapsApiKey"],
  provider: ["providerLegalName", "providerRuc", "providerAddress"],
  orders: ["maxUnitsPerOrder", "maxStockPercentPerOrder", "paymentHours"],
};

/** The columns that belong to the given parts, so that saving writes only what changed. */
export function pickPartFields(settings: GeneralSettings, parts: SettingsPart[]): Partial<GeneralSettings> {
  const picked: Record<string, unknown> = {};
  for (const part of parts) {
    for (const field of partFields[part]) picked[field] = settings[field];
  }
  return picked as Partial<GeneralSettings>;
}

function sameSocialMedia(a: SocialMedia, b: SocialMedia): boolean {
  return socialNetworkOrder.every(
    (network) => a[network].url === b[network].url && a[network].isActive === b[network].isActive,
  );
}

function isSameValue(field: keyof GeneralSettings, a: GeneralSettings, b: GeneralSettings): boolean {
  if (field === "socialMedia") return sameSocialMedia(a.socialMedia, b.socialMedia);
  if (field === "primaryColor" || field === "secondaryColor") {
    return a[field].toLowerCase() === b[field].toLowerCase();
  }
  return a[field] === b[field];
}

/** Which parts of the screen differ between the stored settings and the submitted ones. */
export function listChangedParts(stored: GeneralSettings, next: GeneralSettings): SettingsPart[] {
  return settingsParts.filter((part) => partFields[part].some((field) => !isSameValue(field, stored, next)));
}

const partToasts: Record<SettingsPart, { title: string; mention: string }> = {
  logo: { title: "Logotipo Actualizado", mention: "el logotipo" },
  name: { title: "Nombre de la Tienda Actualizado", mention: "el nombre de la tienda" },
  design: { title: "Diseño Actualizado", mention: "el diseño" },
  social: { title: "Redes Sociales Actualizadas", mention: "las redes sociales" },
  maps: { title: "API Key de Google Maps Guardada", mention: "la API Key de Google Maps" },
  provider: { title: "Datos del Proveedor Actualizados", mention: "los datos del proveedor" },
  orders: { title: "Límites de Pedidos Actualizados", mention: "los límites de pedidos" },
};

export const noChangesToast: ToastMessage = {
  title: "Sin cambios",
  description: "No se detectaron cambios para guardar.",
};

function joinSpanish(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}

/**
 * Only one toast shows at a time, so several saved parts make one toast: the first
 * part's title, the others named in the description.
 */
export function describeSavedParts(parts: SettingsPart[]): ToastMessage {
  const [first, ...others] = parts;
  if (!first) return noChangesToast;
  if (others.length === 0)
    return { title: partToasts[first].title, description: "Los cambios ya se ven en la tienda." };
  return {
    title: partToasts[first].title,
    description: `También se actualizaron ${joinSpanish(others.map((part) => partToasts[part].mention))}.`,
  };
}

// Contact information (/admin/configuracion/contacto).

function requiredContactField(max: number) {
  return z.string().trim().min(1, ALL_CONTACT_FIELDS_REQUIRED).max(max, `Máximo ${max} caracteres.`);
}

export const contactSettingsSchema = z.object({
  contactEmail: requiredContactField(150).pipe(z.email("Escribe un correo electrónico válido.")),
  // Stored as wa.me digits ('924 810 866' -> '51924810866'): every WhatsApp link uses it as is.
  contactPhone: requiredContactField(30)
    .refine((phone) => /^[+\d\s().-]+$/.test(phone), "El número solo puede tener dígitos, espacios, guiones y +.")
    .refine((phone) => {
      const digits = phone.replace(/\D/g, "");
      return digits.length >= 8 && digits.length <= 15;
    }, "Escribe un número de WhatsApp válido, por ejemplo 924 810 866.")
    .transform((phone) => toWhatsAppNumber(phone)),
  contactAddress: requiredContactField(200),
  // One line per day; blank lines and stray spaces are dropped.
  contactHours: requiredContactField(500).transform((hours) =>
    hours
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join("\n"),
  ),
  // 'Correo para avisos' (optional): where the shop's alerts go; empty sends them to contactEmail.
  alertEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(150, "Máximo 150 caracteres.")
    .refine((email) => email === "" || z.email().safeParse(email).success, "Escribe un correo electrónico válido.")
    .default(""),
  // 'Resumen semanal' (issue 49): a check box sends 'on' when ticked and nothing at all when not.
  isWeeklySummaryOn: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export type ContactSettings = z.output<typeof contactSettingsSchema>;
