// Issue 7, Security 4: random and hostile values at every public form action, called as
// React Router calls them. Whatever is posted: never a 5xx, a refusal explains itself in
// Spanish, and text that is accepted is stored exactly as typed (trimmed), so React's
// escaping is what keeps a '<script>' inert (tests/server/http.test.ts checks the HTML).
import { desc, eq, lt } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";

import { complaints, contactMessages, customerProfiles, orders, products, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs, signUpCustomer } from "~test/auth";
import { answerOf, asSubmitted, eachFieldWith, expectSaneAnswer, hostileForm, propertyRuns } from "~test/hostile-input";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { action as passwordAction } from "./account/password";
import { action as profileAction } from "./account/profile";
import { action as signInAction } from "./account/sign-in";
import { action as signOutAction } from "./account/sign-out";
import { action as cartAction } from "./store/cart";
import { action as complaintsAction } from "./store/complaints-book";
import { action as contactAction } from "./store/contact";

const { handle } = setUpTestDatabase();
let customerCookie: string;
let productId: number;
let calls = 0;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  customerCookie = await signUpCustomer("propiedades@example.pe");
  const [product] = await handle()
    .db.select({ id: products.id })
    .from(products)
    .where(eq(products.isArchived, false))
    .limit(1);
  productId = product!.id;
});

/** A new cart holding one unit of a product in stock, so that a valid form places an order. */
async function cartWithOneUnit(): Promise<string> {
  await setVariantValues(handle().db, productId, { stock: 50 });
  const add = new FormData();
  add.set("intent", "add");
  add.set("productId", String(productId));
  const request = requestAs(null, "/carrito", { method: "POST", body: add });
  const added = await cartAction({ request, params: {}, context: {} } as never);
  return ((added as { init: { headers: Record<string, string> } }).init.headers["Set-Cookie"] ?? "").split(";")[0]!;
}

/** Each call from its own address and with its own request context, as from another visitor. */
function post(action: (args: never) => Promise<unknown>, path: string, form: FormData, cookie: string | null = null) {
  calls += 1;
  const request = requestAs(cookie, path, { method: "POST", body: form });
  return answerOf(() =>
    action({ request, params: {}, context: { clientIp: `10.7.${calls >> 8}.${calls & 255}` } } as never),
  );
}

describe("public forms under hostile input", () => {
  test("contact: refused in Spanish or stored exactly as typed", async () => {
    const valid = {
      fullName: "Ana Torres",
      email: "ana@example.pe",
      subject: "Consulta",
      message: "Hola, ¿tienen arena?",
    };
    await fc.assert(
      fc.asyncProperty(hostileForm(valid), async ({ form, describe }) => {
        const answer = await post(contactAction, "/contacto", form);
        expectSaneAnswer(answer, describe());
        if (answer.status === 302) {
          const [stored] = await handle().db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
          expect(stored!.message, describe()).toBe(asSubmitted(form.get("message")).trim());
          expect(stored!.subject, describe()).toBe(asSubmitted(form.get("subject")).trim());
        }
      }),
      propertyRuns(40),
    );
  });

  test("complaints book: refused in Spanish or stored exactly as typed", async () => {
    const valid = {
      fullName: "Ana Torres",
      documentType: "DNI",
      documentNumber: "12345678",
      phone: "987 654 321",
      email: "ana@example.pe",
      address: "Av. Larco 123, Miraflores",
      isMinor: "",
      guardianFullName: "",
      guardianDocumentNumber: "",
      complaintType: "reclamo",
      productOrService: "Arena",
      amount: "59.90",
      description: "Llegó roto.",
      request: "Cambio del producto.",
      acceptTerms: "on",
    };
    await fc.assert(
      fc.asyncProperty(hostileForm(valid), async ({ form, describe }) => {
        const answer = await post(complaintsAction, "/libro-reclamaciones", form);
        expectSaneAnswer(answer, describe());
        if (answer.status === 302) {
          const [stored] = await handle().db.select().from(complaints).orderBy(desc(complaints.id)).limit(1);
          expect(stored!.description, describe()).toBe(asSubmitted(form.get("description")).trim());
        }
      }),
      propertyRuns(40),
    );
  });

  test("cart intents (add, update, remove, clear): never a 5xx, stock never negative", async () => {
    const intents = fc.constantFrom("add", "update", "remove", "clear", "comprar", "");
    await fc.assert(
      fc.asyncProperty(intents, hostileForm({ productId: "1", quantity: "1" }), async (intent, { form, describe }) => {
        if (intent) form.set("intent", intent);
        const answer = await post(cartAction, "/carrito", form);
        expectSaneAnswer(answer, `${intent} ${describe()}`);
      }),
      propertyRuns(50),
    );
    const negative = await handle().db.select().from(products).where(lt(products.stock, 0));
    expect(negative).toEqual([]);
  });

  test("checkout: refused in Spanish or an order stored with the name as typed", async () => {
    const valid = { paymentMethodId: "yape", customerName: "Ana Torres", customerPhone: "987 654 321" };
    await fc.assert(
      fc.asyncProperty(
        hostileForm(valid, { intent: "checkout", fulfillment: "pickup" }),
        async ({ form, describe }) => {
          const answer = await post(cartAction, "/carrito", form, await cartWithOneUnit());
          expectSaneAnswer(answer, describe());
          if (answer.status === 302) {
            const [stored] = await handle().db.select().from(orders).orderBy(desc(orders.id)).limit(1);
            // A repeated field counts by its first value, as in every form (readFormValues).
            expect(stored!.customerName, describe()).toBe(asSubmitted(form.get("customerName")).trim());
          }
        },
      ),
      propertyRuns(30),
    );
  });

  test("/auth sign-in and registration: refused in Spanish, never a 5xx", async () => {
    const register = {
      fullName: "Ana Torres",
      email: "ana@example.pe",
      phone: "987654321",
      password: "secreto123",
      confirmPassword: "secreto123",
      acceptsPrivacy: "on",
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("register", "signin", ""),
        fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 1 }),
        hostileForm(register),
        async (intent, [unique], { form, describe }) => {
          form.set("intent", intent);
          // A fresh address each time the e-mail is kept, so registrations do not collide.
          if (form.get("email") === register.email) form.set("email", `ana${unique}-${calls}@example.pe`);
          const answer = await post(signInAction, "/auth?redirectTo=/perfil", form);
          expectSaneAnswer(answer, `${intent} ${describe()}`);
        },
      ),
      propertyRuns(40),
    );
  });

  test("password recovery and reset: refused in Spanish, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("reset", ""),
        hostileForm({ email: "ana@example.pe", token: "abc", password: "secreto123", confirmPassword: "secreto123" }),
        async (intent, { form, describe }) => {
          form.set("intent", intent);
          const answer = await post(passwordAction, "/auth/forgot-password", form);
          expectSaneAnswer(answer, `${intent} ${describe()}`);
        },
      ),
      propertyRuns(30),
    );
  });

  test("profile update: refused in Spanish or stored exactly as typed", async () => {
    const valid = {
      fullName: "Ana Torres",
      phone: "987654321",
      email: "propiedades@example.pe",
      address: "Av. Larco 123",
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("profile", "password", "reorder", ""),
        hostileForm({
          ...valid,
          currentPassword: "secreto123",
          newPassword: "secreto123",
          confirmPassword: "secreto123",
          orderId: "1",
        }),
        async (intent, { form, describe }) => {
          form.set("intent", intent);
          const answer = await post(profileAction, "/perfil", form, customerCookie);
          expectSaneAnswer(answer, `${intent} ${describe()}`);
          if (intent === "profile" && answer.status === 200) {
            // This customer's profile: other tests of the file register more customers.
            const [profile] = await handle()
              .db.select({ address: customerProfiles.address })
              .from(customerProfiles)
              .innerJoin(users, eq(users.id, customerProfiles.userId))
              .where(eq(users.email, "propiedades@example.pe"));
            if (profile)
              expect(profile.address, describe()).toBe(
                asSubmitted(form.getAll("address").at(-1) ?? profile.address).trim(),
              );
          }
        },
      ),
      propertyRuns(40),
    );
  });

  test("/salir: any redirect target stays on this site", async () => {
    await fc.assert(
      fc.asyncProperty(hostileForm({ redirectTo: "/perfil" }), async ({ form, describe }) => {
        const answer = await post(signOutAction, "/salir", form);
        expect(answer.status, describe()).toBe(302);
        expect(answer.location, describe()).toMatch(/^\/(?![/\\])/);
      }),
      propertyRuns(30),
    );
  });

  // PostgreSQL's text type refuses the NUL character: every stored field must refuse it
  // with a Spanish message instead of failing the insert (a 500).
  type NulCase = {
    name: string;
    action: (args: never) => Promise<unknown>;
    path: string;
    valid: Record<string, string>;
    fixed: Record<string, string>;
    cookie: () => Promise<string | null> | string | null;
  };
  test.each<NulCase>([
    {
      name: "contact",
      action: contactAction,
      path: "/contacto",
      valid: { fullName: "Ana Torres", email: "ana@example.pe", subject: "Consulta", message: "Hola" },
      fixed: {},
      cookie: () => null,
    },
    {
      name: "complaints book",
      action: complaintsAction,
      path: "/libro-reclamaciones",
      valid: {
        fullName: "Ana Torres",
        documentNumber: "12345678",
        phone: "987 654 321",
        email: "ana@example.pe",
        address: "Av. Larco 123",
        productOrService: "Arena",
        amount: "59.90",
        description: "Llegó roto.",
        request: "Cambio del producto.",
      },
      fixed: { documentType: "DNI", complaintType: "reclamo", acceptTerms: "on" },
      cookie: () => null,
    },
    {
      name: "checkout",
      action: cartAction,
      path: "/carrito",
      valid: { paymentMethodId: "yape", customerName: "Ana Torres", customerPhone: "987 654 321" },
      fixed: { intent: "checkout", fulfillment: "pickup" },
      cookie: cartWithOneUnit,
    },
    {
      name: "registration",
      action: signInAction,
      path: "/auth",
      valid: { fullName: "Ana Torres", email: "nul@example.pe", phone: "987654321", password: "secreto123" },
      fixed: { intent: "register", confirmPassword: "secreto123", acceptsPrivacy: "on" },
      cookie: () => null,
    },
    {
      name: "profile",
      action: profileAction,
      path: "/perfil",
      valid: { fullName: "Ana Torres", phone: "987654321", email: "propiedades@example.pe", address: "Av. Larco 123" },
      fixed: { intent: "profile" },
      cookie: () => customerCookie,
    },
  ])("$name: a NUL character in any field is refused in Spanish", async ({ action, path, valid, fixed, cookie }) => {
    for (const { field, form } of eachFieldWith(valid, "Hola\u0000mundo", fixed)) {
      const answer = await post(action, path, form, await cookie());
      expectSaneAnswer(answer, field);
    }
  });

  // Ids past PostgreSQL's integer range name nothing, and must not fail the query itself.
  test.each(["2147483648", "99999999999", "9007199254740993"])("cart and reorder with id %s", async (id) => {
    for (const intent of ["add", "update", "remove"]) {
      const form = new FormData();
      form.set("intent", intent);
      form.set("productId", id);
      form.set("variantId", id);
      form.set("quantity", id);
      expectSaneAnswer(await post(cartAction, "/carrito", form, await cartWithOneUnit()), `${intent} ${id}`);
    }
    const reorder = new FormData();
    reorder.set("intent", "reorder");
    reorder.set("orderId", id);
    expectSaneAnswer(await post(profileAction, "/perfil", reorder, customerCookie), `reorder ${id}`);
  });
});
