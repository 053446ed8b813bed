import { z } from "zod";

export const valueIcons = ["Heart", "ShieldCheck", "Users"] as const;

export const homePageSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  featuredSectionTitle: z.string(),
  visitUsTitle: z.string(),
  visitUsText: z.string(),
  visitUsImage: z.string(),
  // Added after the first release: the defaults let rows stored before still parse.
  featuredSectionSubtitle: z.string().default("¡Aprovecha nuestras mejores ofertas!"),
  aboutCardTitle: z.string().default("Sobre Nosotros"),
  aboutCardText: z.string().default("Conoce nuestra historia y el amor por los animales que nos mueve cada día."),
  productsCardTitle: z.string().default("Productos Premium"),
  productsCardText: z
    .string()
    .default("Alimentos, snacks, juguetes y accesorios de las mejores marcas para tu mascota."),
  servicesCardTitle: z.string().default("Servicios Expertos"),
  servicesCardText: z
    .string()
    .default("Baño y corte, consultas veterinarias y prevención, a cargo de profesionales con experiencia."),
  visitUsLinkText: z.string().default("Ver dirección y horarios"),
  socialLinksTitle: z.string().default("Síguenos en nuestras redes:"),
});

const aboutPageSchema = z.object({
  title: z.string(),
  mainHeading: z.string(),
  content: z.string(),
  historyImage: z.string(),
  valuesSection: z.object({
    heading: z.string(),
    values: z.array(z.object({ title: z.string(), description: z.string(), icon: z.enum(valueIcons) })),
  }),
  teamSection: z.object({ heading: z.string(), content: z.string(), image: z.string() }),
});

const catalogPageSchema = z.object({
  mainTitle: z.string(),
  mainDescription: z.string(),
});

export const pageContentSchemas = {
  home: homePageSchema,
  about: aboutPageSchema,
  products: catalogPageSchema,
  services: catalogPageSchema,
} as const;

export type PageContents = {
  [K in keyof typeof pageContentSchemas]: z.infer<(typeof pageContentSchemas)[K]>;
};
