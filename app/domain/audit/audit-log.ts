// How the audit log reads in Spanish: labels of actions and entities, and the summary
// (the jsonb written by recordAudit) as short 'key: value' pairs. The owner reads this
// screen, so no identifier from the code may reach it: recordAudit only compiles with
// summary keys (at any depth) that have a label here, and its actions and entities are
// typed by the label maps below.

import type { TaxonomyLevelKey } from "~/domain/catalog/taxonomy-admin";
import type { valueIcons } from "~/domain/content/page-content";
import { valueIconLabels } from "~/domain/content/page-content-form";
import { type SettingsPart, socialNetworkNames } from "~/domain/settings/settings-admin";
import { formatMoney } from "~/lib/money";
import type { MoveDirection } from "~/lib/reorder";

export const AUDIT_PAGE_SIZE = 50;

const actionLabels = {
  create: "Creación",
  update: "Actualización",
  delete: "Eliminación",
  archive: "Archivado",
  import: "Importación",
  status: "Cambio de estado",
  // An unpaid order cancelled by the shop itself when its time to pay ran out.
  expire: "Cancelación automática",
  // 'Marcar como pagado' on an order.
  payment: "Pago registrado",
  // A payment by card or Yape the provider confirmed (issue 45): the shop marked it paid itself.
  "online-payment": "Pago en línea confirmado",
  // Money given back through the provider, from the order's detail.
  refund: "Reembolso",
  // An order cancelled for want of payment, brought back because its online payment came late.
  reactivate: "Pedido reactivado",
  settings: "Configuración",
  "sign-in": "Inicio de sesión",
} satisfies Record<string, string>;

export type AuditAction = keyof typeof actionLabels;

const entityLabels = {
  product: "Producto",
  service: "Servicio",
  promotion: "Promoción",
  taxonomy: "Taxonomía",
  chatbot: "Chatbot",
  "chatbot-answer": "Respuesta del chatbot",
  settings: "Configuración",
  "payment-method": "Método de pago",
  "page-content": "Contenido de página",
  user: "Usuario",
  order: "Pedido",
  complaint: "Reclamación",
  "contact-message": "Mensaje de contacto",
  "delivery-zone": "Distrito de delivery",
  discount: "Descuento",
  "search-synonyms": "Sinónimos de búsqueda",
  session: "Sesión",
} satisfies Record<string, string>;

const taxonomyLevelLabels: Record<TaxonomyLevelKey, string> = {
  "product-families": "familias de productos",
  "product-categories": "categorías de productos",
  "product-subcategories": "subcategorías de productos",
  brands: "marcas",
  "service-families": "familias de servicios",
  "service-categories": "categorías de servicios",
  "service-subcategories": "subcategorías de servicios",
};

const settingsSectionLabels = { contact: "contacto", about: "nosotros" } satisfies Record<string, string>;

/** What recordAudit accepts as an entity: each one has its Spanish label. */
export type AuditEntity =
  keyof typeof entityLabels | `taxonomy:${TaxonomyLevelKey}` | `settings:${keyof typeof settingsSectionLabels}`;

// The second part of 'taxonomy:<level>' and 'settings:<section>'.
const entityPartLabels: Record<string, string> = { ...taxonomyLevelLabels, ...settingsSectionLabels };

// In the order the pairs are shown, nested ones too: the naming keys first (jsonb keeps
// keys sorted by length, not as written), then the values in the order of their forms.
const summaryKeyLabels = {
  title: "título",
  name: "nombre",
  username: "usuario",
  keyword: "palabra clave",
  previousKeyword: "palabra clave anterior",
  // Synonym groups (/admin/busqueda).
  terms: "palabras",
  previousTerms: "palabras anteriores",
  previousName: "nombre anterior",
  code: "código",
  email: "correo",
  role: "rol",
  status: "estado",
  from: "estado anterior",
  to: "estado nuevo",
  // Orders: a cancellation's reason and a payment recorded.
  cancelReason: "motivo de la cancelación",
  paidAmountCents: "monto recibido",
  paidMethodName: "método de pago",
  paidOperation: "n.º de operación",
  // Refunds of online payments (issue 45).
  refundAmountCents: "monto reembolsado",
  refundId: "n.º de reembolso",
  password: "contraseña",
  // Products, services, promotions, taxonomy.
  priceCents: "precio",
  offerPriceCents: "precio de oferta",
  showPrice: "mostrar precio",
  stock: "stock",
  // How a product's price is taxed in the comprobante (issue 46): gravado, exonerado, inafecto.
  igvTreatment: "tratamiento del IGV",
  variants: "presentaciones",
  presentaciones: "presentaciones", // the key of entries written before the code said `variants`
  url: "dirección",
  isActive: "visible",
  isArchived: "archivado",
  slug: "dirección web",
  parentId: "grupo superior (n.º)",
  previousParentId: "grupo superior anterior (n.º)",
  productsReindexed: "productos actualizados",
  moved: "movido",
  // Excel imports.
  file: "archivo",
  created: "creados",
  updated: "actualizados",
  unchanged: "sin cambios",
  skipped: "omitidos",
  brandsCreated: "marcas creadas",
  newBrands: "marcas nuevas",
  // General settings.
  parts: "secciones",
  logo: "logotipo",
  shopName: "nombre de la tienda",
  primaryColor: "color primario",
  secondaryColor: "color secundario",
  fontFamily: "fuente",
  socialMedia: "redes sociales",
  ...socialNetworkNames,
  googleMapsApiKey: "API Key de Google Maps",
  providerLegalName: "razón social del proveedor",
  providerRuc: "RUC del proveedor",
  providerAddress: "dirección del proveedor",
  maxUnitsPerOrder: "máximo de unidades por pedido",
  maxStockPercentPerOrder: "porcentaje máximo del stock por pedido",
  paymentHours: "horas para pagar",
  // Delivery zones and pickup.
  district: "distrito",
  feeCents: "costo de envío",
  minimumOrderCents: "pedido mínimo",
  freeFromCents: "envío gratis desde",
  isPickupEnabled: "recojo en tienda",
  // Contact settings.
  contactEmail: "correo de contacto",
  contactPhone: "WhatsApp de contacto",
  contactAddress: "dirección de la tienda",
  contactHours: "horario de atención",
  alertEmail: "correo para avisos",
  isWeeklySummaryOn: "resumen semanal",
  // Payment methods.
  methods: "métodos de pago",
  details: "detalles",
  qrImage: "código QR",
  // An online method (issue 45): its provider, mode and public key; of its secrets only
  // whether they changed ('actualizadas'), never their value.
  provider: "proveedor",
  isLive: "modo producción",
  publishableKey: "clave pública",
  priceId: "ID de precio de Stripe",
  credentials: "claves",
  // Comprobantes electrónicos (issue 46).
  isAutomatic: "emitir al marcar como pagado",
  series: "series",
  // Page texts: home, about, products and services.
  heroTitle: "título principal",
  heroSubtitle: "subtítulo de la portada",
  aboutCardTitle: "título (Sobre Nosotros)",
  aboutCardText: "texto (Sobre Nosotros)",
  productsCardTitle: "título (Productos)",
  productsCardText: "texto (Productos)",
  servicesCardTitle: "título (Servicios)",
  servicesCardText: "texto (Servicios)",
  featuredSectionTitle: "título de Productos Destacados",
  featuredSectionSubtitle: "subtítulo de Productos Destacados",
  visitUsTitle: "título (Visítanos)",
  visitUsText: "texto (Visítanos)",
  visitUsImage: "imagen (Visítanos)",
  visitUsLinkText: "texto del enlace a Contacto",
  socialLinksTitle: "título sobre los enlaces a redes",
  mainHeading: "encabezado principal",
  content: "contenido",
  historyImage: "imagen de la historia",
  valuesSection: "sección de valores",
  heading: "título de la sección",
  values: "valores",
  description: "descripción",
  icon: "ícono",
  teamSection: "sección del equipo",
  image: "imagen",
  mainTitle: "título principal",
  mainDescription: "descripción principal",
} satisfies Record<string, string>;

type AuditSummaryKey = keyof typeof summaryKeyLabels;

// The keys of an object type that are named, not an index signature's.
type NamedKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: unknown;
} &
  string;

/** Every key of a summary type, at any depth (inside nested objects and arrays too). */
type AuditSummaryKeysOf<T> = T extends readonly (infer Item)[]
  ? AuditSummaryKeysOf<Item>
  : T extends object
    ? | { [K in NamedKeys<T>]: K | AuditSummaryKeysOf<T[K]> }[NamedKeys<T>]
      | (string extends keyof T ? (T extends Record<string, infer Value> ? AuditSummaryKeysOf<Value> : never) : never)
    : never;

/**
 * The summary type itself when every key has a Spanish label, else a type it cannot
 * match, whose one property names the keys to label in summaryKeyLabels.
 */
export type LabelledAuditSummary<T> = [Exclude<AuditSummaryKeysOf<T>, AuditSummaryKey>] extends [never]
  ? T
  : { "label these keys in summaryKeyLabels (audit-log.ts)": Exclude<AuditSummaryKeysOf<T>, AuditSummaryKey> };

// Entries written before a label existed (or by older code) still read in Spanish.
export const UNKNOWN_ACTION_LABEL = "Otra acción";
export const UNKNOWN_ENTITY_LABEL = "Otro registro";
export const UNKNOWN_KEY_LABEL = "otro dato";

function labelOf<T extends object>(labels: T, key: string): string | undefined {
  return Object.hasOwn(labels, key) ? (labels[key as keyof T] as string) : undefined;
}

export function getActionLabel(action: string): string {
  return labelOf(actionLabels, action) ?? UNKNOWN_ACTION_LABEL;
}

/** 'taxonomy:brands' -> 'Taxonomía (marcas)'; an unknown part is left out. */
export function getEntityLabel(entity: string): string {
  const [base = entity, part] = entity.split(/:(.*)/s);
  const label = labelOf(entityLabels, base);
  if (!label) return UNKNOWN_ENTITY_LABEL;
  const partLabel = part ? labelOf(entityPartLabels, part) : undefined;
  return partLabel ? `${label} (${partLabel})` : label;
}

/** Who made a change: the admin, or the shop itself for an automatic action. */
export function getAuthorLabel(entry: { username: string | null; action: string }): string {
  if (entry.username) return entry.username;
  return entry.action === "expire" || entry.action === "online-payment" ? "Automático" : "Usuario eliminado";
}

function getSummaryKeyLabel(key: string): string {
  return labelOf(summaryKeyLabels, key) ?? UNKNOWN_KEY_LABEL;
}

const directionLabels: Record<MoveDirection, string> = { up: "hacia arriba", down: "hacia abajo" };

const settingsPartLabels: Record<SettingsPart, string> = {
  logo: "Logotipo",
  name: "Nombre de la tienda",
  design: "Diseño",
  social: "Redes sociales",
  maps: "Mapa de Google",
  provider: "Datos del proveedor",
  orders: "Pedidos",
};

const iconLabels: Record<(typeof valueIcons)[number], string> = valueIconLabels;

// Values that are codes rather than text: what each one means, in Spanish.
const valueLabels: Partial<Record<AuditSummaryKey, Record<string, string>>> = {
  moved: directionLabels,
  parts: settingsPartLabels,
  icon: iconLabels,
};

const moneyKeys: ReadonlySet<string> = new Set<AuditSummaryKey>([
  "priceCents",
  "offerPriceCents",
  "feeCents",
  "minimumOrderCents",
  "freeFromCents",
  "paidAmountCents",
  "refundAmountCents",
]);

const MAX_VALUE_LENGTH = 120;
const MAX_PAIRS = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number" && moneyKeys.has(key)) return formatMoney(value);
  if (typeof value === "string") {
    const codes = valueLabels[key as AuditSummaryKey];
    return (codes && labelOf(codes, value)) ?? (value === "" ? "(vacío)" : value);
  }
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => (isRecord(item) ? formatFields(item) : formatValue(key, item)))
      .join(isRecord(value[0]) ? "; " : ", ");
  }
  if (isRecord(value)) return formatFields(value);
  return String(value);
}

/** A nested object as 'label: value, label: value'; an object inside it in parentheses. */
function formatFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .sort(([a], [b]) => compareKeys(a, b))
    .map(([key, value]) =>
      isRecord(value)
        ? `${getSummaryKeyLabel(key)} (${formatFields(value)})`
        : `${getSummaryKeyLabel(key)}: ${formatValue(key, value)}`,
    )
    .join(", ");
}

function shorten(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const keyOrder: string[] = Object.keys(summaryKeyLabels);

function compareKeys(a: string, b: string): number {
  const rankA = keyOrder.indexOf(a);
  const rankB = keyOrder.indexOf(b);
  if (rankA !== rankB) return (rankA === -1 ? keyOrder.length : rankA) - (rankB === -1 ? keyOrder.length : rankB);
  return a.localeCompare(b);
}

/**
 * The summary as readable pairs, each value cut to a line; the page renders them as
 * text, so whatever an admin typed is never interpreted as markup.
 */
export function formatAuditSummary(summary: unknown): { key: string; value: string }[] {
  if (!isRecord(summary)) {
    return summary === null || summary === undefined ? [] : [{ key: "", value: shorten(formatValue("", summary)) }];
  }
  const entries = Object.entries(summary).sort(([a], [b]) => compareKeys(a, b));
  const pairs = entries.slice(0, MAX_PAIRS).map(([key, value]) => ({
    key: getSummaryKeyLabel(key),
    value: shorten(formatValue(key, value)),
  }));
  if (entries.length > MAX_PAIRS) pairs.push({ key: "", value: `y ${entries.length - MAX_PAIRS} datos más` });
  return pairs;
}
