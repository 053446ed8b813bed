import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";
import type { FormValues } from "~/lib/form-data";

import { type PageContents, valueIcons } from "./page-content";

// The back-office editors of the page texts. Their schemas add the Spanish messages and
// limits to the shapes in page-content.ts (which the storefront reads and keeps lenient);
// what they produce is parsed again by those shapes before it is stored.

function required(message: string, max = 150) {
  return z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres.`);
}

function optional(max: number) {
  return z.string().trim().max(max, `Máximo ${max} caracteres.`);
}

const image = z
  .string()
  .trim()
  .refine((value) => value === "" || isStorableImagePath(value), "La imagen no es válida. Súbela de nuevo.");

export const homeFormSchema = z.object({
  heroTitle: required("El título principal es obligatorio."),
  heroSubtitle: optional(400),
  aboutCardTitle: required("El título de la tarjeta «Sobre Nosotros» es obligatorio.", 80),
  aboutCardText: optional(300),
  productsCardTitle: required("El título de la tarjeta de productos es obligatorio.", 80),
  productsCardText: optional(300),
  servicesCardTitle: required("El título de la tarjeta de servicios es obligatorio.", 80),
  servicesCardText: optional(300),
  featuredSectionTitle: required("El título de la sección de destacados es obligatorio."),
  featuredSectionSubtitle: optional(200),
  // An empty title hides the 'visit us' block on the home page.
  visitUsTitle: optional(150),
  visitUsText: optional(600),
  visitUsImage: image,
  visitUsLinkText: optional(80),
  socialLinksTitle: optional(120),
});

export const valueIconLabels: Record<(typeof valueIcons)[number], string> = {
  Heart: "Corazón",
  ShieldCheck: "Escudo",
  Users: "Personas",
};

export const MAX_VALUES = 12;

export const aboutFormSchema = z.object({
  title: required("El título de la página es obligatorio.", 80),
  mainHeading: required("El encabezado principal es obligatorio."),
  content: required("El contenido principal es obligatorio.", 8000),
  historyImage: image,
  valuesSection: z.object({
    heading: required("El título de la sección de valores es obligatorio."),
    values: z
      .array(
        z.object({
          title: required("Cada valor necesita un título.", 80),
          description: optional(300),
          icon: z.enum(valueIcons, "Elige un ícono de la lista."),
        }),
      )
      .max(MAX_VALUES, `Puedes mostrar hasta ${MAX_VALUES} valores.`)
      // The storefront keys the list by title.
      .refine(
        (values) => new Set(values.map((value) => value.title.toLowerCase())).size === values.length,
        "Dos valores no pueden tener el mismo título.",
      ),
  }),
  teamSection: z.object({
    heading: optional(150),
    content: optional(4000),
    image,
  }),
});

export const catalogPageFormSchema = z.object({
  mainTitle: required("El título principal es obligatorio."),
  mainDescription: optional(1000),
});

/** The values list sent as 'valuesSection.values.<n>.<field>', in the order of n. */
export function readAboutForm(values: FormValues) {
  const indices = Object.keys(values)
    .map((name) => /^valuesSection\.values\.(\d+)\.title$/.exec(name)?.[1])
    .filter((index): index is string => index !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  return {
    title: values.title ?? "",
    mainHeading: values.mainHeading ?? "",
    content: values.content ?? "",
    historyImage: values.historyImage ?? "",
    valuesSection: {
      heading: values["valuesSection.heading"] ?? "",
      values: indices.map((index) => ({
        title: values[`valuesSection.values.${index}.title`] ?? "",
        description: values[`valuesSection.values.${index}.description`] ?? "",
        icon: values[`valuesSection.values.${index}.icon`] ?? "",
      })),
    },
    teamSection: {
      heading: values["teamSection.heading"] ?? "",
      content: values["teamSection.content"] ?? "",
      image: values["teamSection.image"] ?? "",
    },
  };
}

/** The stored about page as the editor's flat form values. */
export function toAboutFormValues(about: PageContents["about"]): FormValues {
  const values: FormValues = {
    title: about.title,
    mainHeading: about.mainHeading,
    content: about.content,
    historyImage: about.historyImage,
    "valuesSection.heading": about.valuesSection.heading,
    "teamSection.heading": about.teamSection.heading,
    "teamSection.content": about.teamSection.content,
    "teamSection.image": about.teamSection.image,
  };
  about.valuesSection.values.forEach((value, index) => {
    values[`valuesSection.values.${index}.title`] = value.title;
    values[`valuesSection.values.${index}.description`] = value.description;
    values[`valuesSection.values.${index}.icon`] = value.icon;
  });
  return values;
}

/** The values list of the flat form values (the editor's starting rows after an error). */
export function readAboutValues(values: FormValues): { title: string; description: string; icon: string }[] {
  return readAboutForm(values).valuesSection.values;
}

export const contentSavedToast = {
  title: "Contenido Actualizado",
  description: "Los cambios se verán en la tienda en la próxima visita a la página.",
};
