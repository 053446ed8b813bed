import {
  BadgePercent,
  BookOpenText,
  Bot,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  CreditCard,
  FileText,
  History,
  Images,
  Info,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Package,
  Phone,
  Receipt,
  ReceiptText,
  Scissors,
  SearchCheck,
  Settings,
  Tags,
  Truck,
  Users,
} from "lucide-react";
import { href } from "react-router";

export type AdminSection = { to: string; label: string; description: string; icon: LucideIcon };

/** The back office's screens, in the order of the dashboard's tiles. */
export const adminSections: AdminSection[] = [
  {
    to: href("/admin/pedidos"),
    label: "Pedidos",
    description: "Pedidos enviados por WhatsApp y su estado.",
    icon: ClipboardList,
  },
  {
    to: href("/admin/comprobantes"),
    label: "Comprobantes emitidos",
    description: "Boletas, facturas y notas de crédito; registro de ventas.",
    icon: Receipt,
  },
  {
    to: href("/admin/reportes"),
    label: "Reportes",
    description: "Ventas, productos, clientes y búsquedas, con gráficos y Excel.",
    icon: ChartColumn,
  },
  {
    to: href("/admin/reservas"),
    label: "Reservas",
    description: "Agenda de baños y consultas, por día y por semana.",
    icon: CalendarClock,
  },
  {
    to: href("/admin/reclamaciones"),
    label: "Libro de Reclamaciones",
    description: "Reclamos y quejas, con su plazo de respuesta.",
    icon: BookOpenText,
  },
  { to: href("/admin/mensajes"), label: "Mensajes", description: "Mensajes del formulario de contacto.", icon: Mail },
  {
    to: href("/admin/productos"),
    label: "Productos",
    description: "Catálogo, precios, ofertas y stock.",
    icon: Package,
  },
  { to: href("/admin/servicios"), label: "Servicios", description: "Baños, consultas y más.", icon: Scissors },
  { to: href("/admin/usuarios"), label: "Usuarios", description: "Administradores y clientes.", icon: Users },
  { to: href("/admin/taxonomia"), label: "Taxonomías", description: "Familias, categorías y marcas.", icon: Tags },
  {
    to: href("/admin/promociones"),
    label: "Promociones",
    description: "Carrusel de la página de inicio.",
    icon: Images,
  },
  {
    to: href("/admin/descuentos"),
    label: "Descuentos",
    description: "Cupones y descuentos automáticos.",
    icon: BadgePercent,
  },
  {
    to: href("/admin/gestion-contenido"),
    label: "Gestión de Contenido",
    description: "Textos de las páginas.",
    icon: FileText,
  },
  { to: href("/admin/chatbot"), label: "Chatbot", description: "Respuestas del asistente virtual.", icon: Bot },
  {
    to: href("/admin/busqueda"),
    label: "Búsqueda",
    description: "Sinónimos que el asistente entiende.",
    icon: SearchCheck,
  },
  {
    to: href("/admin/configuracion"),
    label: "Configuración",
    description: "Logo, colores, redes y mapa.",
    icon: Settings,
  },
  {
    to: href("/admin/configuracion/contacto"),
    label: "Contacto",
    description: "Correo, WhatsApp, dirección y horario.",
    icon: Phone,
  },
  {
    to: href("/admin/configuracion/nosotros"),
    label: "Nosotros",
    description: "Historia, valores y equipo.",
    icon: Info,
  },
  {
    to: href("/admin/configuracion/pagos"),
    label: "Métodos de Pago",
    description: "Yape, Plin, transferencia.",
    icon: CreditCard,
  },
  {
    to: href("/admin/configuracion/comprobantes"),
    label: "Facturación electrónica",
    description: "Boletas y facturas electrónicas (SUNAT).",
    icon: ReceiptText,
  },
  {
    to: href("/admin/configuracion/delivery"),
    label: "Delivery",
    description: "Distritos, costos de envío y recojo en tienda.",
    icon: Truck,
  },
  { to: href("/admin/auditoria"), label: "Auditoría", description: "Quién cambió qué y cuándo.", icon: History },
];

export const dashboardSection: AdminSection = {
  to: href("/admin/dashboard"),
  label: "Inicio",
  description: "Resumen del panel.",
  icon: LayoutDashboard,
};
