// The generated catalogue's products, as pure data: bench/generate.js writes them into a
// shop of N products for the benchmarks, and the search's relevance fixture
// (tests/support/search-relevance.ts) into its test database. The same N and the same levels
// and brands give the same products.

const BRAND_ROOTS = [
  "Ricocan",
  "Pro Plan",
  "Kong",
  "Mimaskot",
  "Royal Canin",
  "Hill's",
  "Purina",
  "Whiskas",
  "Dog Chow",
  "Cat Chow",
  "Nutra Nuggets",
  "Canbo",
  "Thor",
  "Super Can",
  "Vital Can",
  "Brit",
  "Taste of the Wild",
  "Acana",
  "Orijen",
  "Felix",
  "Pedigree",
  "Chunky",
  "Mastercat",
  "Nutrican",
  "Ñuñu Pet",
  "Andes Mascotas",
  "Huellitas",
  "Miski",
  "Pachamama Pet",
  "Inka Dog",
];
// Words per category name of the seed (both families share most names).
const KINDS = {
  Alimentos: ["Croquetas", "Alimento húmedo", "Alimento seco", "Paté", "Sobre"],
  Juguetes: ["Pelota", "Ratón de peluche", "Cuerda", "Mordedor", "Varita", "Túnel", "Rascador"],
  Accesorios: ["Collar", "Correa", "Arnés", "Comedero", "Bebedero", "Placa"],
  Higiene: ["Shampoo", "Cepillo", "Toallitas", "Perfume", "Cortaúñas"],
  "Camas y Descanso": ["Cama", "Cojín", "Manta", "Cueva", "Hamaca"],
  "Arena y Limpieza": ["Arena aglomerante", "Arena de sílice", "Arenero", "Pala", "Desodorante"],
};
const VARIANTS = [
  "Adulto",
  "Cachorro",
  "Senior",
  "Light",
  "Pollo",
  "Carne",
  "Salmón",
  "Cordero",
  "Clásico",
  "Premium",
  "Mini",
  "Grande",
];
const SIZES = ["500 g", "1 kg", "3 kg", "7.5 kg", "15 kg", "S", "M", "L", "XL", "Único"];
export const SEED_IMAGES = [
  "/images/products/croquetas-perro-adulto.webp",
  "/images/products/snack-dental-perro.webp",
  "/images/products/raton-catnip.webp",
];

/** A repeatable pseudo-random sequence (mulberry32): the same N gives the same shop. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const normalizeForSearch = (text) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/** The shop's brand names for `count` products: the `existing` ones, then BRAND_ROOTS' (numbered past 30). */
export function listBrandNames(count, existing) {
  const brandTotal = Math.max(10, Math.min(150, Math.round(count / 100)));
  const brandNames = [...existing];
  for (let i = 0; brandNames.length < brandTotal; i++) {
    const root = BRAND_ROOTS[i % BRAND_ROOTS.length];
    const name = i < BRAND_ROOTS.length ? root : `${root} ${Math.floor(i / BRAND_ROOTS.length) + 1}`;
    if (!brandNames.includes(name)) brandNames.push(name);
  }
  return brandNames;
}

/**
 * `count` products spread over `levels` (rows of family_id, category_id, subcategory_id and
 * the category's name) and `brands` (rows of id and name), drawing from `rand`.
 */
export function generateProducts(count, levels, brands, rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const products = [];
  for (let i = 0; i < count; i++) {
    const level = levels[i % levels.length];
    const brand = pick(brands);
    // Kinds in turn within each level, so that a search for one ('pelota') matches the same
    // share of every catalogue size, the smallest included.
    const kinds = KINDS[level.category] ?? KINDS.Accesorios;
    const kind = kinds[Math.floor(i / levels.length) % kinds.length];
    const title = `${kind} ${brand.name} ${pick(VARIANTS)} ${pick(SIZES)}`;
    const priceCents = 500 + Math.floor(rand() * 30000);
    const onOffer = rand() < 0.08;
    const stock = rand() < 0.05 ? 0 : Math.floor(rand() * 120);
    const image = rand() < 0.7 ? pick(SEED_IMAGES) : null;
    products.push({
      title,
      description: `${kind} ${brand.name} para tu mascota. Presentación ${pick(SIZES)}.`,
      familyId: level.family_id,
      categoryId: level.category_id,
      subcategoryId: level.subcategory_id,
      brandId: brand.id,
      priceCents,
      isOfferActive: onOffer,
      offerPriceCents: onOffer ? Math.max(100, Math.round(priceCents * 0.85)) : null,
      stock,
      image,
      imageAlt: image ? title : "",
      searchText: normalizeForSearch(`${title} ${brand.name}`),
    });
  }
  return products;
}
