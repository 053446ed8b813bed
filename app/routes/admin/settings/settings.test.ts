import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";

import { auditLog, shopSettings } from "~/db/schema";
import { demoSettings } from "~/domain/demo-shop/demo-data";
import { buildThemeStyle } from "~/domain/settings/settings";
import { toGeneralSettingsFormValues } from "~/domain/settings/settings-admin";
import { toGeneralSettings } from "~/domain/settings/settings-admin.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action as contactAction } from "./contact";
import { action as generalAction } from "./general";

const { handle, adminCookie } = seededShopWithAdmin();

// Every test starts from the seeded settings.
beforeEach(async () => {
  await handle()
    .db.update(shopSettings)
    .set({ ...demoSettings, maxUnitsPerOrder: 10, maxStockPercentPerOrder: 50, paymentHours: 48 })
    .where(eq(shopSettings.id, 1));
});

async function storedSettings() {
  const [row] = await handle().db.select().from(shopSettings);
  return row!;
}

async function seededFormValues(): Promise<Record<string, string>> {
  return toGeneralSettingsFormValues(toGeneralSettings(await storedSettings()));
}

type ActionResult =
  | Response
  | {
      data: {
        errors: Record<string, string>;
        values: Record<string, string>;
        toast: { title: string; description?: string };
      };
      init: ResponseInit | null;
    };

async function post(run: typeof generalAction | typeof contactAction, path: string, fields: Record<string, string>) {
  const request = requestAs(adminCookie(), path, { method: "POST", body: new URLSearchParams(fields) });
  return (await run({ request, params: {}, context: {} } as never)) as ActionResult;
}

const postGeneral = (fields: Record<string, string>) => post(generalAction, "/admin/configuracion", fields);
const postContact = (fields: Record<string, string>) => post(contactAction, "/admin/configuracion/contacto", fields);

/** The toast a redirect flashes to the next page. */
async function flashedToast(result: ActionResult) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  const next = new Request("http://localhost:3000/", { headers: { Cookie: toCookieHeader(response.headers) } });
  return (await readToast(next)).toast;
}

function refusal(result: ActionResult) {
  expect(result).not.toBeInstanceOf(Response);
  const refused = result as Exclude<ActionResult, Response>;
  expect(refused.init?.status).toBe(400);
  return refused.data;
}

describe("general settings (/admin/configuracion)", () => {
  test("saving the form unchanged writes nothing and says 'Sin cambios'", async () => {
    const before = await storedSettings();
    const toast = await flashedToast(await postGeneral(await seededFormValues()));
    expect(toast).toMatchObject({ title: "Sin cambios", description: "No se detectaron cambios para guardar." });
    expect((await storedSettings()).updatedAt).toEqual(before.updatedAt);
  });

  test("only the changed part is written and named in the toast", async () => {
    const values = await seededFormValues();
    const toast = await flashedToast(await postGeneral({ ...values, primaryColor: "#AA3366" }));
    expect(toast?.title).toBe("Diseño Actualizado");
    const stored = await storedSettings();
    expect(stored.primaryColor).toBe("#aa3366");
    const [entry] = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(entry?.summary).toEqual({
      parts: ["design"],
      primaryColor: "#aa3366",
      secondaryColor: "#f8a78b",
      fontFamily: "Fredoka",
    });
  });

  test("several changed parts: the first one's title, the others in the description", async () => {
    const values = await seededFormValues();
    const toast = await flashedToast(
      await postGeneral({
        ...values,
        fontFamily: "Verdana",
        "socialMedia.tiktok.url": "https://www.tiktok.com/@patitas",
        "socialMedia.tiktok.isActive": "on",
        googleMapsApiKey: "AIzaSyExample_Key-123",
      }),
    );
    expect(toast).toEqual({
      title: "Diseño Actualizado",
      description: "También se actualizaron las redes sociales y la API Key de Google Maps.",
    });
    const stored = await storedSettings();
    expect(stored.fontFamily).toBe("Verdana");
    expect(stored.socialMedia.tiktok).toEqual({ url: "https://www.tiktok.com/@patitas", isActive: true });
    expect(stored.googleMapsApiKey).toBe("AIzaSyExample_Key-123");
  });

  test("each part has its own toast title", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ logo: "/uploads/0123456789abcdef0123456789abcdef-1280.webp" }, "Logotipo Actualizado"],
      [{ "socialMedia.facebook.isActive": "" }, "Redes Sociales Actualizadas"],
      [{ shopName: "Patitas Felices Surco" }, "Nombre de la Tienda Actualizado"],
      [{ googleMapsApiKey: "AIzaOtra" }, "API Key de Google Maps Guardada"],
      [{ providerLegalName: "Patitas Felices E.I.R.L." }, "Datos del Proveedor Actualizados"],
    ];
    for (const [change, title] of cases) {
      await handle().db.update(shopSettings).set(demoSettings).where(eq(shopSettings.id, 1));
      const values = { ...(await seededFormValues()), ...change };
      const toast = await flashedToast(await postGeneral(values));
      expect(toast?.title).toBe(title);
    }
  });

  test("the design really reaches the storefront's theme", async () => {
    await postGeneral({ ...(await seededFormValues()), primaryColor: "#123456", fontFamily: "Times New Roman" });
    const theme = buildThemeStyle(await storedSettings());
    expect(theme["--color-primary"]).toBe("#123456");
    expect(theme["--shop-font"]).toContain("Times New Roman");
  });

  test("an empty logo is refused: 'El nombre del archivo del logo no puede estar vacío.'", async () => {
    const values = await seededFormValues();
    const data = refusal(await postGeneral({ ...values, logo: "   ", shopName: "Nuevo nombre" }));
    expect(data.errors.logo).toBe("El nombre del archivo del logo no puede estar vacío.");
    expect(data.toast.description).toBe("El nombre del archivo del logo no puede estar vacío.");
    expect(data.values.shopName).toBe("Nuevo nombre");
    expect((await storedSettings()).logo).toBe(demoSettings.logo);
  });

  test("a colour that is not #RRGGBB is refused", async () => {
    const data = refusal(await postGeneral({ ...(await seededFormValues()), secondaryColor: "rojo" }));
    expect(data.errors.secondaryColor).toBe("El color secundario debe ser un color hexadecimal como #2ea8a8.");
  });

  test("a social network address must be https", async () => {
    const data = refusal(
      await postGeneral({ ...(await seededFormValues()), "socialMedia.instagram.url": "http://instagram.com/patitas" }),
    );
    expect(data.errors["socialMedia.instagram.url"]).toBe("La dirección de Instagram debe empezar con https://");
  });

  test("a network shown on the web needs its address", async () => {
    const data = refusal(
      await postGeneral({
        ...(await seededFormValues()),
        "socialMedia.twitter.isActive": "on",
        "socialMedia.twitter.url": "",
      }),
    );
    expect(data.errors["socialMedia.twitter.url"]).toBe(
      "Escribe la dirección de Twitter / X para mostrarla en la web.",
    );
  });

  test("the RUC must have 11 digits starting with 10, 15, 17 or 20", async () => {
    for (const ruc of ["2060312847", "30603128479", "2060312847a"]) {
      const data = refusal(await postGeneral({ ...(await seededFormValues()), providerRuc: ruc }));
      expect(data.errors.providerRuc).toBe("El RUC debe tener 11 dígitos y empezar con 10, 15, 17 o 20.");
    }
    expect((await storedSettings()).providerRuc).toBe(demoSettings.providerRuc);
  });

  test("the order limits start at 10 units, 50 % and 48 hours, and are saved with their own toast", async () => {
    const values = await seededFormValues();
    expect(values).toMatchObject({ maxUnitsPerOrder: "10", maxStockPercentPerOrder: "50", paymentHours: "48" });
    const toast = await flashedToast(
      await postGeneral({ ...values, maxUnitsPerOrder: " 5 ", maxStockPercentPerOrder: "30", paymentHours: "24" }),
    );
    expect(toast).toEqual({
      title: "Límites de Pedidos Actualizados",
      description: "Los cambios ya se ven en la tienda.",
    });
    expect(await storedSettings()).toMatchObject({
      maxUnitsPerOrder: 5,
      maxStockPercentPerOrder: 30,
      paymentHours: 24,
    });
    const [entry] = await handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.summary).toEqual({
      parts: ["orders"],
      maxUnitsPerOrder: 5,
      maxStockPercentPerOrder: 30,
      paymentHours: 24,
    });
  });

  test("an order limit out of range or not a whole number is refused beside its field, keeping what was typed", async () => {
    const cases: [string, string, string][] = [
      ["maxUnitsPerOrder", "0", "Escribe un número entero entre 1 y 99."],
      ["maxUnitsPerOrder", "100", "Escribe un número entero entre 1 y 99."],
      ["maxUnitsPerOrder", "2.5", "Escribe un número entero entre 1 y 99."],
      ["maxUnitsPerOrder", "", "Escribe un número entero entre 1 y 99."],
      ["maxStockPercentPerOrder", "101", "Escribe un número entero entre 1 y 100."],
      ["maxStockPercentPerOrder", "-5", "Escribe un número entero entre 1 y 100."],
      ["paymentHours", "0", "Escribe un número entero entre 1 y 720."],
      ["paymentHours", "721", "Escribe un número entero entre 1 y 720."],
      ["paymentHours", "cuarenta", "Escribe un número entero entre 1 y 720."],
    ];
    for (const [field, typed, message] of cases) {
      const data = refusal(
        await postGeneral({ ...(await seededFormValues()), shopName: "Nuevo nombre", [field]: typed }),
      );
      expect(data.errors[field], `${field}=${typed}`).toBe(message);
      expect(data.values[field]).toBe(typed);
      expect(data.values.shopName).toBe("Nuevo nombre");
    }
    expect(await storedSettings()).toMatchObject({
      shopName: demoSettings.shopName,
      maxUnitsPerOrder: 10,
      maxStockPercentPerOrder: 50,
      paymentHours: 48,
    });
  });

  test("a font outside the list is refused", async () => {
    const data = refusal(await postGeneral({ ...(await seededFormValues()), fontFamily: "Comic Sans MS" }));
    expect(data.errors.fontFamily).toBe("Elige una de las fuentes de la lista.");
  });
});

describe("contact information (/admin/configuracion/contacto)", () => {
  const contact = {
    contactEmail: "hola@patitas.pe",
    contactPhone: "987 654 321",
    contactAddress: "Jr. Las Flores 456, Miraflores",
    contactHours: "Lunes a Viernes: 9:00 - 18:00\r\n\r\n  Sábado: 9:00 - 13:00  ",
  };

  test("any empty field: 'Todos los campos son obligatorios.' and nothing is written", async () => {
    for (const field of Object.keys(contact)) {
      const data = refusal(await postContact({ ...contact, [field]: "  " }));
      expect(data.errors[field]).toBe("Todos los campos son obligatorios.");
      expect(data.toast.description).toBe("Todos los campos son obligatorios.");
      expect(data.values.contactAddress).toBe(field === "contactAddress" ? "  " : contact.contactAddress);
    }
    expect((await storedSettings()).contactEmail).toBe(demoSettings.contactEmail);
  });

  test("the e-mail must be valid", async () => {
    const data = refusal(await postContact({ ...contact, contactEmail: "hola@patitas" }));
    expect(data.errors.contactEmail).toBe("Escribe un correo electrónico válido.");
  });

  test("a phone with too few digits is refused", async () => {
    const data = refusal(await postContact({ ...contact, contactPhone: "12 34" }));
    expect(data.errors.contactPhone).toBe("Escribe un número de WhatsApp válido, por ejemplo 924 810 866.");
  });

  test("saving stores the phone as wa.me digits and the hours one line per day", async () => {
    const toast = await flashedToast(await postContact(contact));
    expect(toast?.title).toBe("Información de Contacto Actualizada");
    const stored = await storedSettings();
    expect(stored).toMatchObject({
      contactEmail: "hola@patitas.pe",
      contactPhone: "51987654321",
      contactAddress: "Jr. Las Flores 456, Miraflores",
      contactHours: "Lunes a Viernes: 9:00 - 18:00\nSábado: 9:00 - 13:00",
    });
  });

  test("'Correo para avisos' is optional, lower-cased, and refused when it is not an e-mail", async () => {
    const refused = refusal(await postContact({ ...contact, alertEmail: "avisos@" }));
    expect(refused.errors.alertEmail).toBe("Escribe un correo electrónico válido.");
    expect(refused.values.alertEmail).toBe("avisos@");
    expect((await storedSettings()).alertEmail).toBe("");
    await postContact({ ...contact, alertEmail: " Avisos@Patitas.pe " });
    expect((await storedSettings()).alertEmail).toBe("avisos@patitas.pe");
    await postContact({ ...contact, alertEmail: "" });
    expect((await storedSettings()).alertEmail).toBe("");
  });

  test("'924 810 866' becomes '51924810866'", async () => {
    await postContact({ ...contact, contactPhone: "+51 924-810-866" });
    expect((await storedSettings()).contactPhone).toBe("51924810866");
    await postContact({ ...contact, contactPhone: "924 810 866" });
    expect((await storedSettings()).contactPhone).toBe("51924810866");
  });
});
