import { href } from "react-router";

import type { AdminIconName } from "~/ui/admin/icons/admin-icon";

export type AdminSection = { to: string; label: string; description: string; icon: AdminIconName };

/** The back office's screens, in the order of the dashboard's tiles. */
export const adminSections: AdminSection[] = [
  {
    to: href("/admin/pedidos"),
    label: "Pedidos",
    description: "Pedidos enviados por WhatsApp y su estado.",
    icon: "clipboard-list",
  },
  {
    to: href("/admin/comprobantes"),
    label: "Comprobantes emitidos",
    description: "Boletas, facturas y notas de crédito; registro de ventas.",
    icon: "receipt",
  },
  {
    to: href("/admin/reportes"),
    label: "Reportes",
    description: "Ventas, productos, clientes y búsquedas, con gráficos y Excel.",
    icon: "chart-column",
  },
  {
    to: href("/admin/reservas"),
    label: "Reservas",
    description: "Agenda de baños y consultas, por día y por semana.",
    icon: "calendar-clock",
  },
  {
    to: href("/admin/reclamaciones"),
    label: "Libro de Reclamaciones",
    description: "Reclamos y quejas, con su plazo de respuesta.",
    icon: "book-open-text",
  },
  { to: href("/admin/mensajes"), label: "Mensajes", description: "Mensajes del formulario de contacto.", icon: "mail" },
  {
    to: href("/admin/productos"),
    label: "Productos",
    description: "Catálogo, precios, ofertas y stock.",
    icon: "package",
  },
  { to: href("/admin/servicios"), label: "Servicios", description: "Baños, consultas y más.", icon: "scissors" },
  { to: href("/admin/usuarios"), label: "Usuarios", description: "Administradores y clientes.", icon: "users" },
  { to: href("/admin/taxonomia"), label: "Taxonomías", description: "Familias, categorías y marcas.", icon: "tags" },
  {
    to: href("/admin/promociones"),
    label: "Promociones",
    description: "Carrusel de la página de inicio.",
    icon: "images",
  },
  {
    to: href("/admin/descuentos"),
    label: "Descuentos",
    description: "Cupones y descuentos automáticos.",
    icon: "badge-percent",
  },
  {
    to: href("/admin/gestion-contenido"),
    label: "Gestión de Contenido",
    description: "Textos de las páginas.",
    icon: "file-text",
  },
  { to: href("/admin/chatbot"), label: "Chatbot", description: "Respuestas del asistente virtual.", icon: "bot" },
  {
    to: href("/admin/busqueda"),
    label: "Búsqueda",
    description: "Sinónimos que el asistente entiende.",
    icon: "search-check",
  },
  {
    to: href("/admin/configuracion"),
    label: "Configuración",
    description: "Logo, colores, redes y mapa.",
    icon: "settings",
  },
  {
    to: href("/admin/configuracion/contacto"),
    label: "Contacto",
    description: "Correo, WhatsApp, dirección y horario.",
    icon: "phone",
  },
  {
    to: href("/admin/configuracion/nosotros"),
    label: "Nosotros",
    description: "Historia, valores y equipo.",
    icon: "info",
  },
  {
    to: href("/admin/configuracion/pagos"),
    label: "Métodos de Pago",
    description: "Yape, Plin, transferencia.",
    icon: "credit-card",
  },
  {
    to: href("/admin/configuracion/comprobantes"),
    label: "Facturación electrónica",
    description: "Boletas y facturas electrónicas (SUNAT).",
    icon: "receipt-text",
  },
  {
    to: href("/admin/configuracion/delivery"),
    label: "Delivery",
    description: "Distritos, costos de envío y recojo en tienda.",
    icon: "truck",
  },
  { to: href("/admin/auditoria"), label: "Auditoría", description: "Quién cambió qué y cuándo.", icon: "history" },
];

export const dashboardSection: AdminSection = {
  to: href("/admin/dashboard"),
  label: "Inicio",
  description: "Resumen del panel.",
  icon: "layout-dashboard",
};
