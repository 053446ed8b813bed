import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { pageContents } from "~/db/schema";
import { getPageContent } from "~/domain/content/page-content.server";
import { readToast } from "~/lib/toast.server";
import { action as aboutAction, loader as aboutLoader } from "~/routes/admin/settings/about";
import { loader as storefrontAbout } from "~/routes/store/about";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action as homeAction, loader as homeLoader } from "./home";
import { action as productsAction } from "./products-page";
import { action as servicesAction } from "./services-page";

const { handle, adminCookie } = seededShopWithAdmin();

type Refusal = {
  data: { errors: Record<string, string>; values: Record<string, string>; toast: { description?: string } };
  init: ResponseInit | null;
};
type Action = (args: never) => Promise<unknown>;

async function post(run: Action, path: string, fields: Record<string, string>) {
  const request = requestAs(adminCookie(), path, { method: "POST", body: new URLSearchParams(fields) });
  return (await run({ request, params: {}, context: {} } as never)) as Response | Refusal;
}

async function load<T>(run: (args: never) => Promise<T>, path: string): Promise<T> {
  return run({ request: requestAs(adminCookie(), path), params: {}, context: {} } as never);
}

async function flashedToast(result: Response | Refusal) {
  expect(result).toBeInstanceOf(Response);
  const next = new Request("http://localhost:3000/", {
    headers: { Cookie: toCookieHeader((result as Response).headers) },
  });
  return (await readToast(next)).toast;
}

function refusal(result: Response | Refusal) {
  expect(result).not.toBeInstanceOf(Response);
  expect((result as Refusal).init?.status).toBe(400);
  return (result as Refusal).data;
}

describe("home editor", () => {
  test("a new hero title is stored, 'Contenido Actualizado', the other texts kept", async () => {
    const { values } = await load(homeLoader, "/admin/gestion-contenido/inicio");
    const toast = await flashedToast(
      await post(homeAction, "/admin/gestion-contenido/inicio", { ...values, heroTitle: "  ¡Hola, Surco!  " }),
    );
    expect(toast?.title).toBe("Contenido Actualizado");
    const home = await getPageContent("home");
    expect(home).toMatchObject({
      heroTitle: "¡Hola, Surco!",
      visitUsImage: values.visitUsImage,
      aboutCardTitle: values.aboutCardTitle,
    });
  });

  test("an empty hero title is refused and what was typed comes back", async () => {
    const { values } = await load(homeLoader, "/admin/gestion-contenido/inicio");
    const data = refusal(
      await post(homeAction, "/admin/gestion-contenido/inicio", {
        ...values,
        heroTitle: " ",
        heroSubtitle: "Nuevo subtítulo",
      }),
    );
    expect(data.errors.heroTitle).toBe("El título principal es obligatorio.");
    expect(data.values.heroSubtitle).toBe("Nuevo subtítulo");
  });

  test("an image that is not ours is refused", async () => {
    const { values } = await load(homeLoader, "/admin/gestion-contenido/inicio");
    const data = refusal(
      await post(homeAction, "/admin/gestion-contenido/inicio", { ...values, visitUsImage: "javascript:alert(1)" }),
    );
    expect(data.errors.visitUsImage).toBe("La imagen no es válida. Súbela de nuevo.");
  });
});

describe("products and services page editors", () => {
  test("each stores its own title and description", async () => {
    await flashedToast(
      await post(productsAction, "/admin/gestion-contenido/productos", {
        mainTitle: "Tienda",
        mainDescription: "Todo para tu mascota.",
      }),
    );
    await flashedToast(
      await post(servicesAction, "/admin/gestion-contenido/servicios", { mainTitle: "Cuidados", mainDescription: "" }),
    );
    expect(await getPageContent("products")).toEqual({ mainTitle: "Tienda", mainDescription: "Todo para tu mascota." });
    expect(await getPageContent("services")).toEqual({ mainTitle: "Cuidados", mainDescription: "" });
  });

  test("the main title is required", async () => {
    const data = refusal(
      await post(servicesAction, "/admin/gestion-contenido/servicios", { mainTitle: "", mainDescription: "x" }),
    );
    expect(data.errors.mainTitle).toBe("El título principal es obligatorio.");
  });
});

describe("about editor", () => {
  test("values are stored in the order of their indices, and the storefront reads them", async () => {
    const { values } = await load(aboutLoader, "/admin/configuracion/nosotros");
    const fields = Object.fromEntries(
      Object.entries(values).filter(([name]) => !name.startsWith("valuesSection.values.")),
    );
    const toast = await flashedToast(
      await post(aboutAction, "/admin/configuracion/nosotros", {
        ...fields,
        mainHeading: "Nuestra historia",
        "valuesSection.values.1.title": "Segundo",
        "valuesSection.values.1.description": "Va después",
        "valuesSection.values.1.icon": "Users",
        "valuesSection.values.0.title": "Primero",
        "valuesSection.values.0.description": "",
        "valuesSection.values.0.icon": "ShieldCheck",
      }),
    );
    expect(toast?.title).toBe("Contenido Actualizado");
    const about = await storefrontAbout({ context: {} } as Parameters<typeof storefrontAbout>[0]);
    expect(about.about?.mainHeading).toBe("Nuestra historia");
    expect(about.about?.valuesSection.values).toEqual([
      { title: "Primero", description: "", icon: "ShieldCheck" },
      { title: "Segundo", description: "Va después", icon: "Users" },
    ]);
  });

  test("a value needs a title and one of the allowed icons", async () => {
    const { values } = await load(aboutLoader, "/admin/configuracion/nosotros");
    const data = refusal(
      await post(aboutAction, "/admin/configuracion/nosotros", {
        ...values,
        "valuesSection.values.0.title": "",
        "valuesSection.values.1.icon": "Skull",
      }),
    );
    expect(data.errors["valuesSection.values.0.title"]).toBe("Cada valor necesita un título.");
    expect(data.errors["valuesSection.values.1.icon"]).toBe("Elige un ícono de la lista.");
  });

  test("two values with the same title are refused", async () => {
    const { values } = await load(aboutLoader, "/admin/configuracion/nosotros");
    const data = refusal(
      await post(aboutAction, "/admin/configuracion/nosotros", {
        ...values,
        "valuesSection.values.0.title": "Cariño",
        "valuesSection.values.1.title": "cariño",
      }),
    );
    expect(data.errors["valuesSection.values"]).toBe("Dos valores no pueden tener el mismo título.");
  });

  test("the page title and main content are required", async () => {
    const { values } = await load(aboutLoader, "/admin/configuracion/nosotros");
    const data = refusal(
      await post(aboutAction, "/admin/configuracion/nosotros", { ...values, title: "", content: " " }),
    );
    expect(data.errors).toMatchObject({
      title: "El título de la página es obligatorio.",
      content: "El contenido principal es obligatorio.",
    });
    const [row] = await handle().db.select().from(pageContents).where(eq(pageContents.key, "about"));
    expect((row!.content as { title: string }).title).not.toBe("");
  });
});
