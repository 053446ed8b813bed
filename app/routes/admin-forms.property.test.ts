// Issue 7, Security 4: random and hostile values at every back-office form action,
// posted by a signed-in administrator. A mistyped or malicious form is never a 5xx; a
// refusal explains itself in Spanish (no zod English defaults); and what is accepted
// is stored as typed, for React to escape when a page shows it.
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";

import { complaints, orders, products, users } from "~/db/schema";
import { fileComplaint } from "~/domain/complaints/complaint.server";
import { createContactMessage } from "~/domain/content/contact-message.server";
import { requestAs, signUpCustomer } from "~test/auth";
import {
  answerOf,
  asSubmitted,
  eachFieldWith,
  expectSaneAnswer,
  hostileForm,
  hostileText,
  propertyRuns,
} from "~test/hostile-input";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action as chatbotAction } from "./admin/chatbot";
import { action as complaintAction } from "./admin/complaints/detail";
import { action as homeContentAction } from "./admin/content/home";
import { action as productsPageAction } from "./admin/content/products-page";
import { action as servicesPageAction } from "./admin/content/services-page";
import { action as messagesAction } from "./admin/messages";
import { action as orderAction } from "./admin/orders/detail";
import { action as productEditorAction } from "./admin/products/editor";
import { action as productListAction } from "./admin/products/list";
import { action as promotionsAction } from "./admin/promotions";
import { action as searchAction } from "./admin/search";
import { action as serviceEditorAction } from "./admin/services/editor";
import { action as serviceListAction } from "./admin/services/list";
import { action as aboutAction } from "./admin/settings/about";
import { action as contactSettingsAction } from "./admin/settings/contact";
import { action as generalSettingsAction } from "./admin/settings/general";
import { action as paymentsAction } from "./admin/settings/payments";
import { action as taxonomiesAction } from "./admin/taxonomies";
import { action as accountAction } from "./admin/users/account";
import { action as userEditorAction } from "./admin/users/editor";
import { action as userListAction } from "./admin/users/list";

const { handle, adminCookie } = seededShopWithAdmin();
const ids = { product: "1", order: "1", complaint: "1", customer: "x" };

beforeAll(async () => {
  await signUpCustomer("cliente-admin-forms@example.pe");
  await createContactMessage({ fullName: "Ana", email: "ana@example.pe", subject: "Hola", message: "¿Tienen arena?" });
  const [product] = await handle().db.select({ id: products.id }).from(products).limit(1);
  ids.product = String(product!.id);
  const [order] = await handle().db.select({ id: orders.id }).from(orders).limit(1);
  if (order) ids.order = String(order.id);
  const [customer] = await handle()
    .db.select({ id: users.id })
    .from(users)
    .where(eq(users.email, "cliente-admin-forms@example.pe"));
  ids.customer = customer!.id;
  const [complaint] = await handle().db.select({ id: complaints.id }).from(complaints).limit(1);
  if (complaint) ids.complaint = String(complaint.id);
  else {
    await fileComplaint({
      fullName: "Ana Torres",
      documentType: "DNI",
      documentNumber: "12345678",
      phone: "987654321",
      email: "ana@example.pe",
      address: "Av. Larco 123",
      isMinor: false,
      guardianFullName: "",
      guardianDocumentNumber: "",
      complaintType: "reclamo",
      productOrService: "",
      amountCents: null,
      description: "Llegó roto.",
      request: "Cambio.",
      acceptTerms: true,
    } as never);
    const [filed] = await handle()
      .db.select({ id: complaints.id })
      .from(complaints)
      .orderBy(desc(complaints.id))
      .limit(1);
    ids.complaint = String(filed!.id);
  }
});

type Case = {
  name: string;
  action: (args: never) => Promise<unknown>;
  path: () => string;
  params?: () => Record<string, string>;
  valid: Record<string, string>;
  /** Intents the screen's forms post; each run picks one (or a made-up one). */
  intents?: string[];
  /** The intent whose fields are stored, for the NUL check. */
  storingIntent?: string;
};

const product = {
  title: "Collar <b>Reflectivo</b>",
  description: "Para paseos nocturnos.",
  familyId: "1",
  categoryId: "1",
  subcategoryId: "",
  brandId: "",
  igvTreatment: "gravado",
  // Its one presentación (the editor's first row).
  "v.0.name": "",
  "v.0.price": "25.90",
  "v.0.stock": "10",
  "v.0.isOfferActive": "",
  "v.0.offerPrice": "",
  "v.0.sku": "",
  "v.0.weight": "",
  image: "",
  imageAlt: "",
};

const cases: Case[] = [
  { name: "new product", action: productEditorAction, path: () => "/admin/productos/nuevo", valid: product },
  {
    name: "product edit",
    action: productEditorAction,
    path: () => `/admin/productos/editar/${ids.product}`,
    params: () => ({ productId: ids.product }),
    valid: product,
  },
  {
    name: "product list (delete/restore)",
    action: productListAction,
    path: () => "/admin/productos",
    valid: { id: "999999" },
    intents: ["delete", "restore"],
  },
  {
    name: "new service",
    action: serviceEditorAction,
    path: () => "/admin/servicios/nuevo",
    valid: {
      title: "Baño y Corte",
      description: "Incluye secado.",
      familyId: "",
      categoryId: "",
      subcategoryId: "",
      price: "40.00",
      showPrice: "on",
      isOfferActive: "",
      offerPrice: "",
      image: "",
      imageAlt: "",
    },
  },
  {
    name: "service list (delete)",
    action: serviceListAction,
    path: () => "/admin/servicios",
    valid: { id: "999999" },
    intents: ["delete"],
  },
  {
    name: "taxonomies",
    action: taxonomiesAction,
    path: () => "/admin/taxonomia",
    valid: { level: "brands", name: "Marca Nueva", icon: "", parentId: "", id: "999999" },
    intents: ["add", "update", "delete"],
    storingIntent: "add",
  },
  {
    name: "promotions",
    action: promotionsAction,
    path: () => "/admin/promociones",
    valid: {
      title: "Promo",
      description: "Todo al 10%",
      image: "",
      imageAlt: "",
      link: "/productos",
      buttonText: "Ver",
      isActive: "on",
      id: "",
      direction: "up",
    },
    intents: ["save", "delete", "move"],
    storingIntent: "save",
  },
  {
    name: "chatbot",
    action: chatbotAction,
    path: () => "/admin/chatbot",
    valid: { keyword: "horario", answer: "Atendemos de 9 a 6.", id: "999999", direction: "down" },
    intents: ["add", "update", "delete", "move"],
    storingIntent: "add",
  },
  {
    name: "search synonyms",
    action: searchAction,
    path: () => "/admin/busqueda",
    valid: { terms: "correa, traílla", id: "999999" },
    intents: ["add", "update", "delete"],
    storingIntent: "add",
  },
  {
    name: "general settings",
    action: generalSettingsAction,
    path: () => "/admin/configuracion",
    valid: {
      logo: "",
      shopName: "Patitas",
      primaryColor: "#f97316",
      secondaryColor: "#0ea5e9",
      fontFamily: "Fredoka",
      "socialMedia.facebook.url": "https://facebook.com/patitas",
      "socialMedia.facebook.isActive": "on",
      googleMapsApiKey: "",
      providerLegalName: "Patitas S.A.C.",
      providerRuc: "20603128479",
      providerAddress: "Av. Primavera 1234",
      maxUnitsPerOrder: "10",
      maxStockPercentPerOrder: "50",
      paymentHours: "48",
    },
  },
  {
    name: "contact settings",
    action: contactSettingsAction,
    path: () => "/admin/configuracion/contacto",
    valid: {
      contactAddress: "Av. Larco 123",
      contactEmail: "hola@patitas.pe",
      contactHours: "L-S 9-18",
      contactPhone: "987654321",
    },
  },
  {
    name: "about page",
    action: aboutAction,
    path: () => "/admin/configuracion/nosotros",
    valid: {
      title: "Nosotros",
      mainHeading: "Nuestra historia",
      content: "Desde 2015.",
      historyImage: "",
      "valuesSection.heading": "Valores",
      "valuesSection.values.0.title": "Amor",
      "valuesSection.values.0.description": "Por las mascotas.",
      "teamSection.heading": "Equipo",
      "teamSection.content": "Veterinarios.",
      "teamSection.image": "",
    },
  },
  {
    name: "payments",
    action: paymentsAction,
    path: () => "/admin/configuracion/pagos",
    valid: {
      name: "Transferencia BCP",
      details: "Cuenta 123",
      isActive: "on",
      id: "no-existe",
      "methods.yape.details": "Yape al 987",
      "methods.yape.isActive": "on",
      "methods.yape.qrImage": "",
    },
    intents: ["add", "delete", "update"],
    storingIntent: "add",
  },
  {
    name: "home page texts",
    action: homeContentAction,
    path: () => "/admin/gestion-contenido/inicio",
    valid: {
      heroTitle: "Bienvenidos",
      heroSubtitle: "Todo para tu mascota",
      featuredSectionTitle: "Destacados",
      featuredSectionSubtitle: "Lo más vendido",
      productsCardTitle: "Productos",
      productsCardText: "Comida y juguetes",
      servicesCardTitle: "Servicios",
      servicesCardText: "Baño y corte",
      aboutCardTitle: "Nosotros",
      aboutCardText: "Quiénes somos",
      visitUsTitle: "Visítanos",
      visitUsText: "En Miraflores",
      visitUsLinkText: "Cómo llegar",
      visitUsImage: "",
      socialLinksTitle: "Síguenos",
    },
  },
  {
    name: "products page texts",
    action: productsPageAction,
    path: () => "/admin/gestion-contenido/productos",
    valid: { title: "Productos", subtitle: "Todo para tu mascota", description: "Catálogo" },
  },
  {
    name: "services page texts",
    action: servicesPageAction,
    path: () => "/admin/gestion-contenido/servicios",
    valid: { title: "Servicios", subtitle: "Cuidamos a tu mascota", description: "Servicios" },
  },
  {
    name: "new user",
    action: userEditorAction,
    path: () => "/admin/usuarios/nuevo",
    valid: {
      username: "nuevo_admin",
      email: "nuevo@patitas.pe",
      role: "admin",
      password: "secreto123",
      confirmPassword: "secreto123",
    },
  },
  {
    name: "user edit",
    action: userEditorAction,
    path: () => `/admin/usuarios/editar/${ids.customer}`,
    params: () => ({ userId: ids.customer }),
    valid: {
      username: "cliente_uno",
      email: "cliente-admin-forms@example.pe",
      role: "user",
      password: "",
      confirmPassword: "",
    },
  },
  {
    name: "user list (delete)",
    action: userListAction,
    path: () => "/admin/usuarios",
    valid: { id: "no-existe" },
    intents: ["delete"],
  },
  {
    name: "own password",
    action: accountAction,
    path: () => "/admin/cuenta",
    valid: { currentPassword: "equivocada", newPassword: "otra-clave-1", confirmPassword: "otra-clave-1" },
  },
  {
    name: "order status",
    action: orderAction,
    path: () => `/admin/pedidos/${ids.order}`,
    params: () => ({ orderId: ids.order }),
    valid: { status: "confirmado", from: "pendiente" },
    intents: ["status"],
  },
  {
    name: "complaint answer",
    action: complaintAction,
    path: () => `/admin/reclamaciones/${ids.complaint}`,
    params: () => ({ complaintId: ids.complaint }),
    valid: { answer: "Le devolvemos el importe." },
  },
  {
    name: "messages (read/unread/delete)",
    action: messagesAction,
    path: () => "/admin/mensajes",
    valid: { id: "1" },
    intents: ["read", "unread", "delete"],
  },
];

function post(testCase: Case, form: FormData) {
  const request = requestAs(adminCookie(), testCase.path(), { method: "POST", body: form });
  return answerOf(() => testCase.action({ request, params: testCase.params?.() ?? {}, context: {} } as never));
}

describe.each(cases)("$name under hostile input", (testCase) => {
  test("never a 5xx; a refusal is explained in Spanish", async () => {
    const intent = fc.constantFrom(...(testCase.intents ?? [""]), "hackear");
    await fc.assert(
      fc.asyncProperty(intent, hostileForm(testCase.valid), async (chosen, { form, describe }) => {
        if (testCase.intents) form.set("intent", chosen);
        const answer = await post(testCase, form);
        expectSaneAnswer(answer, `${chosen} ${describe()}`);
      }),
      propertyRuns(25),
    );
  });

  test("a NUL character in any field is refused, not a failed insert", async () => {
    const fixed: Record<string, string> = testCase.intents
      ? { intent: testCase.storingIntent ?? testCase.intents[0]! }
      : {};
    for (const { field, form } of eachFieldWith(testCase.valid, "Hola\u0000mundo", fixed)) {
      expectSaneAnswer(await post(testCase, form), field);
    }
  });
});

describe("ids out of range in URLs and hidden fields", () => {
  // An id past PostgreSQL's integer range would make the query itself fail (a 500).
  test.each(["2147483648", "9007199254740993", "99999999999", "-1", "1e3", "0x10"])("%s", async (id) => {
    const form = new FormData();
    form.set("id", id);
    form.set("intent", "delete");
    for (const testCase of cases.filter((candidate) => candidate.intents)) {
      expectSaneAnswer(await post(testCase, form), `${testCase.name} id=${id}`);
    }
    for (const [action, params, path] of [
      [productEditorAction, { productId: id }, `/admin/productos/editar/${id}`],
      [orderAction, { orderId: id }, `/admin/pedidos/${id}`],
      [complaintAction, { complaintId: id }, `/admin/reclamaciones/${id}`],
    ] as const) {
      const request = requestAs(adminCookie(), path, {
        method: "POST",
        body: new URLSearchParams({ intent: "status", status: "confirmado", answer: "x" }),
      });
      expectSaneAnswer(await answerOf(() => action({ request, params, context: {} } as never)), path);
    }
  });
});

test("accepted hostile text is stored byte for byte (escaping is the page's job)", async () => {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(
      hostileText.filter((text) => text.trim().length > 0 && text.length <= 200 && !text.includes("\u0000")),
      async (title) => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ ...product, title })) form.set(name, value);
        const answer = await post(cases[0]!, form);
        expectSaneAnswer(answer, title);
        if (answer.status === 302) {
          accepted += 1;
          const [stored] = await handle()
            .db.select({ title: products.title })
            .from(products)
            .orderBy(desc(products.id))
            .limit(1);
          expect(stored!.title).toBe(asSubmitted(title).trim());
        }
      },
    ),
    propertyRuns(25),
  );
  expect(accepted).toBeGreaterThan(10);
});
