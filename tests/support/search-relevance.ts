// The search's relevance fixture (issue 27): a deterministic shop (the demo seed, a few
// hand-written products the generator has no kind for, then bench/generate.js's generated
// products) and realistic queries, each with the products (or services) that must show up in
// the top three. The expectations name products by what they are (title words, brand,
// family), read off the catalogue's data, never off what the engine answers.
import { sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { brands, products } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { normalizeForSearch, toSlug } from "~/lib/text";

// Plain JavaScript shared with the benchmarks.
import { generateProducts, listBrandNames, random } from "../../bench/lib/catalogue.js";

export const RELEVANCE_PRODUCTS = 3000;

/** What a result must be: every listed piece (normalised, as substrings) must hold. */
export type Expectation = {
  kind?: "product" | "service";
  /** All of these in the title. */
  title?: string[];
  /** One of these in the title. */
  anyTitle?: string[];
  brand?: string;
  family?: string;
  category?: string;
};

export type RelevanceCase = {
  q: string;
  expect: Expectation;
  isInstant?: boolean;
  /** The expected result must come first, not only in the top three. */
  isFirst?: boolean;
  /** A fixed defect's case: it must hold, never one of the few misses the fixture tolerates. */
  isRequired?: boolean;
};

type Level = { family_id: number; category_id: number; subcategory_id: number | null; category: string };

/**
 * Products a pet shop sells that the generator has no kind for (antiparasitics, treats, a
 * supplement named by a long word, a grooming glove for the 'pelo' that begins 'Pelota').
 */
const handWritten = [
  { title: "Pipeta Antipulgas para Perro de 10 a 20 kg", family: "Perros", category: "Higiene", brand: "Brit" },
  { title: "Pipeta Antipulgas para Gato", family: "Gatos", category: "Arena y Limpieza", brand: "Felix" },
  {
    title: "Arena Sanitaria Aglomerante Lavanda 10 kg",
    family: "Gatos",
    category: "Arena y Limpieza",
    brand: "Mastercat",
  },
  { title: "Galletas Premio para Perro Sabor Pollo", family: "Perros", category: "Alimentos", brand: "Pedigree" },
  { title: "Comida Húmeda para Gato Atún 85 g", family: "Gatos", category: "Alimentos", brand: "Whiskas" },
  { title: "Suplemento Articular Condroprotector", family: "Perros", category: "Alimentos", brand: "Brit" },
  { title: "Guante Quita Pelo para Perro", family: "Perros", category: "Higiene", brand: "Mimaskot" },
];

/** Fills a fresh, migrated database with the fixture's shop (bench/search.js: with `count` products). */
export async function loadRelevanceShop(db: Database, count = RELEVANCE_PRODUCTS): Promise<void> {
  await seedDemoShop(db);
  const existing = (await db.select({ name: brands.name }).from(brands)).map((row) => row.name);
  const generatedNames = listBrandNames(count, existing) as string[];
  const names = [...new Set([...generatedNames, ...handWritten.map((product) => product.brand)])].filter(
    (name) => !existing.includes(name),
  );
  if (names.length > 0) await db.insert(brands).values(names.map((name) => ({ name, slug: toSlug(name) })));
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id);
  const levels = (
    (await db.execute(sql`
      SELECT c.family_id, c.id AS category_id, s.id AS subcategory_id, c.name AS category, f.name AS family
      FROM product_categories c JOIN product_families f ON f.id = c.family_id
      LEFT JOIN product_subcategories s ON s.category_id = c.id
      ORDER BY c.id, s.id`)) as unknown as { rows: (Level & { family: string })[] }
  ).rows;
  const extra = handWritten.map((product) => {
    const level = levels.find((row) => row.family === product.family && row.category === product.category)!;
    const brand = brandRows.find((row) => row.name === product.brand)!;
    return {
      title: product.title,
      description: `${product.title}. Para tu mascota.`,
      familyId: level.family_id,
      categoryId: level.category_id,
      subcategoryId: level.subcategory_id,
      brandId: brand.id,
      priceCents: 3990,
      stock: 20,
      searchText: normalizeForSearch(`${product.title} ${product.brand}`),
    };
  });
  const generated = generateProducts(count, levels, brandRows, random(count)) as (typeof products.$inferInsert)[];
  const rows = [...extra, ...generated];
  for (let start = 0; start < rows.length; start += 500) {
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows.slice(start, start + 500));
    });
  }
  await db.execute(sql`ANALYZE`);
}

const gatos = { family: "gatos" };
const perros = { family: "perros" };

export const relevanceCases: RelevanceCase[] = [
  // Typos
  { q: "croketas", expect: { title: ["croquetas"] } },
  { q: "croqetas", expect: { title: ["croquetas"] } },
  { q: "croketas para gato", expect: { title: ["croquetas"], ...gatos } },
  { q: "pelotta", expect: { title: ["pelota"] } },
  { q: "peloa", expect: { title: ["pelota"] } },
  { q: "cepiyo", expect: { title: ["cepillo"] } },
  { q: "sepillo", expect: { title: ["cepillo"] } },
  { q: "shampo", expect: { title: ["shampoo"] } },
  { q: "sampoo", expect: { title: ["shampoo"] } },
  { q: "rascadro", expect: { title: ["rascador"] } },
  // Issue 40: a typo of a title's word ('collar') before a word of a description ('cola', of the
  // catnip mouse's tail: the stemmer reads 'colar' as the verb).
  { q: "colar", expect: { title: ["collar"] }, isFirst: true, isRequired: true },
  { q: "coreas", expect: { title: ["correa"] } },
  { q: "bebedro", expect: { title: ["bebedero"] } },
  { q: "amaca", expect: { title: ["hamaca"] } },
  { q: "toayitas", expect: { title: ["toallitas"] } },
  { q: "perfum", expect: { title: ["perfume"] } },
  { q: "pedigre", expect: { brand: "pedigree" } },
  { q: "pedegree", expect: { brand: "pedigree" } },
  { q: "royal kanin", expect: { brand: "royal canin" } },
  { q: "desodorant", expect: { title: ["desodorante"] } },
  { q: "aglomerant", expect: { title: ["aglomerante"] } },
  { q: "mordedro", expect: { title: ["mordedor"] } },
  // Missing accents, any case
  { q: "champu", expect: { title: ["shampoo"] } },
  { q: "arnes", expect: { title: ["arnes"] } },
  { q: "cojin", expect: { title: ["cojin"] } },
  { q: "tunel", expect: { title: ["tunel"] } },
  { q: "raton", expect: { title: ["raton"] } },
  { q: "pate", expect: { title: ["pate"] } },
  { q: "salmon", expect: { title: ["salmon"] } },
  { q: "cortaunas", expect: { title: ["cortaunas"] } },
  { q: "arena de silice", expect: { title: ["arena de silice"] } },
  { q: "alimento humedo gato", expect: { title: ["alimento humedo"], ...gatos } },
  { q: "CLASICO", expect: { title: ["clasico"] } },
  { q: "Ñuñu Pet", expect: { brand: "nunu pet" } },
  { q: "nunu pet", expect: { brand: "nunu pet" } },
  // Plural and singular
  { q: "pelotas", expect: { title: ["pelota"] } },
  { q: "collares", expect: { title: ["collar"] } },
  { q: "correas para perro", expect: { title: ["correa"], ...perros } },
  { q: "camas", expect: { title: ["cama"] } },
  { q: "mantas", expect: { title: ["manta"] } },
  { q: "cuevas para gatos", expect: { title: ["cueva"], ...gatos } },
  { q: "hamacas", expect: { title: ["hamaca"] } },
  { q: "cepillos", expect: { title: ["cepillo"] } },
  { q: "perfumes", expect: { title: ["perfume"] } },
  { q: "areneros", expect: { title: ["arenero"] } },
  { q: "palas", expect: { title: ["pala"] } },
  { q: "sobres", expect: { title: ["sobre"] } },
  { q: "mordedores", expect: { title: ["mordedor"] } },
  { q: "varitas", expect: { title: ["varita"] } },
  { q: "juguetes para gato", expect: { category: "juguetes", ...gatos } },
  // The owner's synonyms (migration 0012's list)
  { q: "arena", expect: { title: ["arena"] } },
  { q: "arena sanitaria", expect: { title: ["arena"] } },
  { q: "pipeta", expect: { title: ["pipeta"] } },
  { q: "antipulgas", expect: { title: ["antipulgas"] } },
  { q: "pipetas para perro", expect: { title: ["pipeta"], ...perros } },
  { q: "alimento seco", expect: { anyTitle: ["alimento seco", "croquetas"] } },
  { q: "comida para gato", expect: { category: "alimentos", ...gatos } },
  { q: "golosina perro", expect: { anyTitle: ["snack", "premio"], ...perros } },
  { q: "michi arena", expect: { title: ["arena"], ...gatos } },
  { q: "cama para michi", expect: { title: ["cama"], ...gatos } },
  { q: "collar perrito", expect: { title: ["collar"], ...perros } },
  { q: "gatito juguete", expect: { category: "juguetes", ...gatos } },
  { q: "felino rascador", expect: { title: ["rascador"], ...gatos } },
  { q: "pelota canino", expect: { title: ["pelota"], ...perros } },
  { q: "shampoo", expect: { title: ["shampoo"] } },
  { q: "baño perro", expect: { kind: "service", title: ["bano y corte"] } },
  { q: "peluqueria", expect: { kind: "service", title: ["bano y corte"] } },
  { q: "grooming", expect: { kind: "service", title: ["bano y corte"] } },
  { q: "veterinario", expect: { kind: "service", title: ["consulta veterinaria"] } },
  { q: "desparasitacion", expect: { kind: "service", title: ["desparasitacion"] } },
  { q: "antiparasitario", expect: { kind: "service", title: ["desparasitacion"] } },
  { q: "consulta", expect: { kind: "service", title: ["consulta"] } },
  // Brand and species, in any order
  { q: "royal canin gato", expect: { brand: "royal canin", ...gatos } },
  { q: "royal canin gato cachorro", expect: { brand: "royal canin", title: ["cachorro"], ...gatos } },
  { q: "gato cachorro royal canin", expect: { brand: "royal canin", title: ["cachorro"], ...gatos } },
  { q: "cachorro royal canin gato", expect: { brand: "royal canin", title: ["cachorro"], ...gatos } },
  { q: "pro plan cachorro", expect: { brand: "pro plan", title: ["cachorro"] } },
  { q: "whiskas sobre", expect: { brand: "whiskas", title: ["sobre"] } },
  { q: "whiskas pate", expect: { brand: "whiskas", title: ["pate"] } },
  { q: "hills perro", expect: { brand: "hill's", ...perros } },
  { q: "hill's", expect: { brand: "hill's" } },
  { q: "dog chow cachorro", expect: { brand: "dog chow", title: ["cachorro"] } },
  { q: "cat chow adulto", expect: { brand: "cat chow", title: ["adulto"] } },
  { q: "taste of the wild", expect: { brand: "taste of the wild" } },
  { q: "acana gato", expect: { brand: "acana", ...gatos } },
  { q: "orijen perro", expect: { brand: "orijen", ...perros } },
  { q: "brit shampoo", expect: { brand: "brit", title: ["shampoo"] } },
  { q: "kong pelota", expect: { brand: "kong", title: ["pelota"] } },
  { q: "mimaskot cama", expect: { brand: "mimaskot", title: ["cama"] } },
  { q: "thor collar", expect: { brand: "thor", title: ["collar"] } },
  // Two words run together: the brand's 'Super Can', 'Royal Canin', 'Pro Plan', 'Dog Chow'
  { q: "supercan", expect: { brand: "super can" } },
  { q: "royalcanin", expect: { brand: "royal canin" } },
  { q: "proplan cachorro", expect: { brand: "pro plan", title: ["cachorro"] } },
  { q: "dogchow adulto", expect: { brand: "dog chow", title: ["adulto"] } },
  { q: "inka dog correa", expect: { brand: "inka dog", title: ["correa"] } },
  { q: "arnes huellitas", expect: { brand: "huellitas", title: ["arnes"] } },
  { q: "croquetas gato salmon", expect: { title: ["croquetas", "salmon"], ...gatos } },
  // The demo shop's own products
  { q: "raton catnip", expect: { title: ["raton de juguete con catnip"] } },
  { q: "snack dental", expect: { title: ["snack dental"] } },
  { q: "cama acolchada", expect: { title: ["cama acolchada"] } },
  { q: "collar reflectivo", expect: { title: ["collar reflectivo"] } },
  { q: "reflectivo talla m", expect: { title: ["collar reflectivo"] } },
  { q: "croquetas ricocan razas medianas", expect: { title: ["razas medianas"] } },
  { q: "pro plan cachorro razas pequenas", expect: { title: ["razas pequenas"] } },
  // As the shopper types (instant results: the last word is the start of one)
  { q: "croq", expect: { title: ["croquetas"] }, isInstant: true },
  { q: "royal ca", expect: { brand: "royal canin" }, isInstant: true },
  { q: "rasc", expect: { title: ["rascador"] }, isInstant: true },
  { q: "cepil", expect: { title: ["cepillo"] }, isInstant: true },
  { q: "croke", expect: { title: ["croquetas"] }, isInstant: true },
  { q: "desparas", expect: { kind: "service", title: ["desparasitacion"] }, isInstant: true },
  // Issue 40: Enter on what was typed (the full search) reads the last word as the start of one
  // too, beyond the reach of a typo or the stemmer (twelve letters of 'condroprotector'; 'comede'
  // is two short of 'comedero'), and ranks a whole word above a word it begins ('pelo' before
  // the many 'Pelota').
  { q: "condroprotec", expect: { title: ["condroprotector"] }, isRequired: true },
  { q: "comede", expect: { title: ["comedero"] }, isRequired: true },
  { q: "rascad", expect: { title: ["rascador"] }, isRequired: true },
  { q: "collar reflec", expect: { title: ["collar reflectivo"] }, isRequired: true },
  { q: "whiskas sob", expect: { brand: "whiskas", title: ["sobre"] }, isRequired: true },
  { q: "pelo", expect: { title: ["quita pelo"] }, isFirst: true, isRequired: true },
  { q: "pelo", expect: { title: ["quita pelo"] }, isInstant: true, isFirst: true, isRequired: true },
  // The last word is also a whole word with its typos: the panel found nothing for 'bebedro'.
  { q: "bebedro", expect: { title: ["bebedero"] }, isInstant: true, isRequired: true },
];
