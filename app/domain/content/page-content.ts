import { z } from "zod";

export const valueIcons = ["Heart", "ShieldCheck", "Users"] as const;

export const homePageSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  featuredSectionTitle: z.string(),
  visitUsTitle: z.string(),
  visitUsText: z.string(),
  visitUsImage: z.string(),
});

export const aboutPageSchema = z.object({
  title: z.string(),
  mainHeading: z.string(),
  content: z.string(),
  historyImage: z.string(),
  valuesSection: z.object({
    heading: z.string(),
    values: z.array(
      z.object({ title: z.string(), description: z.string(), icon: z.enum(valueIcons) }),
    ),
  }),
  teamSection: z.object({ heading: z.string(), content: z.string(), image: z.string() }),
});

export const catalogPageSchema = z.object({
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
