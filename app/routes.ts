// The site map: Spanish URLs -> English route modules.
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("nosotros", "routes/store/about.tsx"),
    route("productos/:familySlug?/:categorySlug?/:subcategorySlug?", "routes/store/product-list.tsx"),
    route("producto/:productId", "routes/store/product-detail.tsx"),
    route("servicios/:familySlug?/:categorySlug?/:subcategorySlug?", "routes/store/service-list.tsx"),
    // One search over products and services (issue 27, ADR 025).
    route("buscar", "routes/store/search.tsx"),
    route("contacto", "routes/store/contact.tsx"),
    route("carrito", "routes/store/cart.tsx"),
    route("pedido/:code", "routes/store/order-page.tsx"),
    // Appointments for the reservable services (issue 28, ADR 026).
    route("reservar/:serviceId", "routes/store/booking.tsx"),
    route("reserva/:code", "routes/store/booking-page.tsx"),
    // The food reminder's one-click 'Volver a pedir': a signed link that fills the cart.
    route("volver-a-pedir/:token", "routes/store/reorder-food.tsx"),
    // The link of 'Confirma tu aviso de stock' (issue 41): nothing else is mailed before it.
    route("aviso-stock/confirmar", "routes/store/stock-alert-confirm.tsx"),
    route("faq", "routes/store/faq.tsx"),
    route("libro-reclamaciones", "routes/store/complaints-book.tsx"),
    route("libro-reclamaciones/copia", "routes/store/complaint-copy.tsx"),

    route("auth", "routes/account/sign-in.tsx"),
    route("auth/forgot-password", "routes/account/password.tsx", { id: "forgot-password" }),
    route("auth/update-password", "routes/account/password.tsx", { id: "update-password" }),
    route("auth/email-actualizado", "routes/account/email-confirmed.tsx"),
    route("auth/desbloquear/:token", "routes/account/unlock.tsx"),
    route("auth/activar", "routes/account/activate.tsx"),
    route("privacidad", "routes/store/privacy.tsx"),
    route("perfil", "routes/account/profile.tsx"),

    route("*", "routes/store/not-found.tsx"),
  ]),
  route("salir", "routes/account/sign-out.tsx"),
  route("producto/:productId/imagen.jpg", "routes/api/product-share-image.ts"),
  // The shopper's payment receipt: to the order's owner and to admins only.
  route("pedido/:code/comprobante", "routes/api/order-receipt-image.ts"),
  // 'Pagar ahora' / 'Intentar de nuevo' / 'Elegir otro método' of an order paid online (ADR 038).
  route("pedido/:code/pagar", "routes/store/order-pay.ts"),
  // 'Añadir a mi calendario': the booking as an iCalendar file, to its owner (token or account).
  route("reserva/:code/cita.ics", "routes/api/booking-ics.ts"),
  // A pet's photo: personal, to its owner and to admins only.
  route("mascota/:petId/foto", "routes/api/pet-photo.ts"),

  route("admin", "routes/admin/sign-in.tsx"),
  route("admin/imagenes", "routes/admin/image-upload.ts"),
  // The printable complaint sheet, outside the back office's chrome.
  route("admin/reclamaciones/:complaintId/hoja", "routes/admin/complaints/sheet.tsx"),
  // The printable delivery sheet of a day, outside the back office's chrome too.
  route("admin/pedidos/reparto", "routes/admin/orders/delivery-sheet.tsx"),
  // The printable agenda of a day, outside the back office's chrome.
  route("admin/reservas/dia", "routes/admin/bookings/day-sheet.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("productos", "routes/admin/products/list.tsx"),
      route("productos/nuevo", "routes/admin/products/editor.tsx", { id: "admin-product-new" }),
      route("productos/editar/:productId", "routes/admin/products/editor.tsx", {
        id: "admin-product-edit",
      }),
      route("productos/importar", "routes/admin/products/import.tsx", { id: "admin-product-import" }),
      route("productos/exportar", "routes/admin/products/export.ts", { id: "admin-product-export" }),
      route("servicios", "routes/admin/services/list.tsx"),
      route("servicios/importar", "routes/admin/services/import.tsx", { id: "admin-service-import" }),
      route("servicios/exportar", "routes/admin/services/export.ts", { id: "admin-service-export" }),
      route("servicios/nuevo", "routes/admin/services/editor.tsx", { id: "admin-service-new" }),
      route("servicios/editar/:serviceId", "routes/admin/services/editor.tsx", {
        id: "admin-service-edit",
      }),
      route("usuarios", "routes/admin/users/list.tsx"),
      route("usuarios/nuevo", "routes/admin/users/editor.tsx", { id: "admin-user-new" }),
      route("usuarios/editar/:userId", "routes/admin/users/editor.tsx", { id: "admin-user-edit" }),
      route("cuenta", "routes/admin/users/account.tsx"),
      route("pedidos", "routes/admin/orders/list.tsx"),
      route("pedidos/exportar", "routes/admin/orders/export.ts"),
      route("pedidos/:orderId", "routes/admin/orders/detail.tsx"),
      route("comprobantes", "routes/admin/invoicing/documents.tsx"),
      route("comprobantes/exportar", "routes/admin/invoicing/export.ts"),
      // The owner's numbers (issue 49, ADR 040).
      route("reportes", "routes/admin/reports/report.tsx"),
      route("reportes/exportar", "routes/admin/reports/export.ts", { id: "admin-report-export" }),
      route("reservas", "routes/admin/bookings/agenda.tsx"),
      route("reservas/horario", "routes/admin/bookings/schedule.tsx"),
      route("reservas/nueva", "routes/admin/bookings/new.tsx"),
      route("reservas/:bookingId", "routes/admin/bookings/detail.tsx"),
      route("reclamaciones", "routes/admin/complaints/list.tsx"),
      route("reclamaciones/:complaintId", "routes/admin/complaints/detail.tsx"),
      route("mensajes", "routes/admin/messages.tsx"),
      route("auditoria", "routes/admin/audit-log.tsx"),
      route("chatbot", "routes/admin/chatbot.tsx"),
      route("busqueda", "routes/admin/search.tsx"),
      route("taxonomia", "routes/admin/taxonomies.tsx"),
      route("promociones", "routes/admin/promotions.tsx"),
      route("descuentos", "routes/admin/discounts/list.tsx"),
      route("descuentos/nuevo", "routes/admin/discounts/editor.tsx", { id: "admin-discount-new" }),
      route("descuentos/editar/:discountId", "routes/admin/discounts/editor.tsx", { id: "admin-discount-edit" }),
      route("descuentos/:discountId", "routes/admin/discounts/detail.tsx"),
      route("configuracion", "routes/admin/settings/general.tsx"),
      route("configuracion/contacto", "routes/admin/settings/contact.tsx"),
      route("configuracion/nosotros", "routes/admin/settings/about.tsx"),
      route("configuracion/pagos", "routes/admin/settings/payments.tsx"),
      route("configuracion/comprobantes", "routes/admin/settings/invoicing.tsx"),
      route("configuracion/delivery", "routes/admin/settings/delivery.tsx"),
      route("gestion-contenido", "routes/admin/content/hub.tsx"),
      route("gestion-contenido/inicio", "routes/admin/content/home.tsx"),
      route("gestion-contenido/productos", "routes/admin/content/products-page.tsx"),
      route("gestion-contenido/servicios", "routes/admin/content/services-page.tsx"),

      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/chatbot", "routes/api/chatbot.ts"),
  // A payment provider's signed notification (ADR 038).
  route("api/pagos/:provider", "routes/api/payment-notification.ts"),
  // The header box's instant results, as the shopper types (issue 27).
  route("api/buscar", "routes/api/instant-search.ts"),
  // The visitor's own parts of a page served from the page cache (ADR 024).
  route("api/sesion", "routes/api/visitor.ts"),
  // The checkout's fields as the shopper leaves them, kept on their cart (issue 40).
  route("carrito/borrador", "routes/api/checkout-draft.ts"),
  route("healthz", "routes/api/healthz.ts"),
] satisfies RouteConfig;
