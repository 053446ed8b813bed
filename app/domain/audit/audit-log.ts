// How the audit log reads in Spanish: labels of actions and entities, and the summary
// (the jsonb written by recordAudit) as short 'key: value' pairs.

export const AUDIT_PAGE_SIZE = 50;

const actionLabels: Record<string, string> = {
  create: "Creación",
  update: "Actualización",
  delete: "Eliminación",
  archive: "Archivado",
  import: "Importación",
  status: "Cambio de estado",
  settings: "Configuración",
  "sign-in": "Inicio de sesión",
};

const entityLabels: Record<string, string> = {
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
  session: "Sesión",
};

// The second part of 'taxonomy:<level>' and 'settings:<part>'.
const entityPartLabels: Record<string, string> = {
  "product-families": "familias de productos",
  "product-categories": "categorías de productos",
  "product-subcategories": "subcategorías de productos",
  brands: "marcas",
  "service-families": "familias de servicios",
  "service-categories": "categorías de servicios",
  "service-subcategories": "subcategorías de servicios",
  contact: "contacto",
  about: "nosotros",
};

const summaryKeyLabels: Record<string, string> = {
  title: "título",
  name: "nombre",
  username: "usuario",
  keyword: "palabra clave",
  code: "código",
  email: "correo",
  role: "rol",
  status: "estado",
  password: "contraseña",
  isActive: "activa",
  isArchived: "archivado",
  file: "archivo",
  moved: "movido",
};

/** Unknown actions show as they were recorded. */
export function getActionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** 'taxonomy:brands' -> 'Taxonomía (marcas)'; an unknown entity shows as recorded. */
export function getEntityLabel(entity: string): string {
  const [base = entity, part] = entity.split(/:(.*)/s);
  const label = entityLabels[base];
  if (!label) return entity;
  if (part === undefined || part === "") return label;
  return `${label} (${entityPartLabels[part] ?? part})`;
}

const MAX_VALUE_LENGTH = 120;
const MAX_PAIRS = 8;

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return value.map(formatValue).join(", ");
  return JSON.stringify(value);
}

function shorten(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

// jsonb keeps keys sorted by length, not as written: the naming keys go first, in this order.
const keyOrder = Object.keys(summaryKeyLabels);

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
  if (summary === null || typeof summary !== "object" || Array.isArray(summary)) {
    return summary === null || summary === undefined ? [] : [{ key: "", value: shorten(formatValue(summary)) }];
  }
  const entries = Object.entries(summary as Record<string, unknown>).sort(([a], [b]) => compareKeys(a, b));
  const pairs = entries.slice(0, MAX_PAIRS).map(([key, value]) => ({
    key: summaryKeyLabels[key] ?? key,
    value: shorten(formatValue(value)),
  }));
  if (entries.length > MAX_PAIRS) pairs.push({ key: "", value: `y ${entries.length - MAX_PAIRS} datos más` });
  return pairs;
}
