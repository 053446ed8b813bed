// The demo shop created on an empty database (shared/runtime-contract.md). Spanish,
// realistic for a pet shop in Lima; every image path exists under public/.
import type { SocialMedia } from "~/db/schema";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import type { PageContents } from "~/domain/content/page-content";

const demoShopName = "Patitas Felices";

type TaxonomySeed = { name: string; icon?: string };

export const demoProductTaxonomy: {
  families: (TaxonomySeed & {
    categories: (TaxonomySeed & { subcategories: TaxonomySeed[] })[];
  })[];
  brands: TaxonomySeed[];
} = {
  families: [
    {
      name: "Perros",
      categories: [
        { name: "Alimentos", subcategories: [{ name: "Alimento Seco" }, { name: "Snacks" }] },
        { name: "Juguetes", subcategories: [] },
        { name: "Accesorios", subcategories: [{ name: "Collares" }, { name: "Correas" }] },
        { name: "Higiene", subcategories: [] },
      ],
    },
    {
      name: "Gatos",
      categories: [
        { name: "Alimentos", subcategories: [{ name: "Alimento Seco" }, { name: "Snacks" }] },
        { name: "Juguetes", subcategories: [] },
        { name: "Camas y Descanso", subcategories: [] },
        { name: "Arena y Limpieza", subcategories: [] },
      ],
    },
  ],
  brands: [{ name: "Ricocan" }, { name: "Pro Plan" }, { name: "Kong" }, { name: "Mimaskot" }],
};

/** Products point at taxonomy by name path; the seeder resolves ids. */
export const demoProducts = [
  {
    title: "Croquetas Ricocan Adulto Razas Medianas 15 kg",
    description:
      "Alimento balanceado para perros adultos de razas medianas, con proteínas de carne, " +
      "omega 3 y 6 para un pelaje brillante y fibra natural para una buena digestión.",
    family: "Perros",
    category: "Alimentos",
    subcategory: "Alimento Seco",
    brand: "Ricocan",
    priceCents: 12990,
    isOfferActive: true,
    offerPriceCents: 11490,
    stock: 40,
    image: "/images/products/croquetas-perro-adulto.webp",
    imageAlt: "Saco de croquetas para perro adulto de raza mediana",
  },
  {
    title: "Snack Dental para Perro x 7 unidades",
    description:
      "Barritas masticables que ayudan a reducir el sarro y a mantener un aliento fresco. " +
      "Una al día como premio, para perros de más de 10 kg.",
    family: "Perros",
    category: "Alimentos",
    subcategory: "Snacks",
    brand: "Pro Plan",
    priceCents: 2450,
    isOfferActive: false,
    offerPriceCents: null,
    stock: 60,
    image: "/images/products/snack-dental-perro.webp",
    imageAlt: "Paquete de barritas dentales masticables para perro",
  },
  {
    title: "Ratón de Juguete con Catnip",
    description:
      "Ratoncito de peluche relleno con hierba gatera natural que despierta el instinto de " +
      "caza de tu gato. Costuras reforzadas y cola de cuerda.",
    family: "Gatos",
    category: "Juguetes",
    subcategory: null,
    brand: "Kong",
    priceCents: 1800,
    isOfferActive: true,
    offerPriceCents: 1490,
    stock: 100,
    image: "/images/products/raton-catnip.webp",
    imageAlt: "Ratón de juguete gris para gato con hojas de catnip",
  },
  {
    title: "Cama Acolchada Redonda para Gato",
    description:
      "Cama redonda de felpa suave con borde alto para que tu gato se acurruque. " +
      "Base antideslizante y funda lavable. Diámetro de 50 cm.",
    family: "Gatos",
    category: "Camas y Descanso",
    subcategory: null,
    brand: "Mimaskot",
    priceCents: 8990,
    isOfferActive: false,
    offerPriceCents: null,
    stock: 30,
    image: "/images/products/cama-gato.webp",
    imageAlt: "Gato durmiendo en una cama redonda acolchada",
  },
] as const;

export const demoServiceTaxonomy: {
  families: (TaxonomySeed & {
    categories: (TaxonomySeed & { subcategories: TaxonomySeed[] })[];
  })[];
} = {
  families: [
    {
      name: "Estética",
      categories: [{ name: "Baño y Corte", subcategories: [{ name: "Perros" }, { name: "Gatos" }] }],
    },
    {
      name: "Salud",
      categories: [
        { name: "Consultas", subcategories: [] },
        {
          name: "Prevención",
          subcategories: [{ name: "Vacunación" }, { name: "Desparasitación" }],
        },
        { name: "Nutrición", subcategories: [] },
      ],
    },
  ],
};

export const demoServices = [
  {
    title: "Baño y Corte para Perro",
    description:
      "Baño con shampoo hipoalergénico, secado, corte de pelo según la raza, corte de uñas " +
      "y limpieza de oídos. Incluye perfume y moñito.",
    family: "Estética",
    category: "Baño y Corte",
    subcategory: "Perros",
    priceCents: 6000,
    showPrice: true,
    isOfferActive: false,
    offerPriceCents: null,
    image: "/images/services/bano-corte-perro.webp",
    imageAlt: "Perro en la tina con espuma, junto a tijeras y peine",
  },
  {
    title: "Consulta Veterinaria General",
    description:
      "Evaluación completa de tu mascota por nuestro médico veterinario: peso, temperatura, " +
      "piel, oídos, dientes y recomendaciones de cuidado.",
    family: "Salud",
    category: "Consultas",
    subcategory: null,
    priceCents: 8000,
    showPrice: true,
    isOfferActive: true,
    offerPriceCents: 7000,
    image: "/images/services/consulta-veterinaria.webp",
    imageAlt: "Estetoscopio junto a un perro y un gato en consulta",
  },
  {
    title: "Desparasitación",
    description:
      "Desparasitación interna y externa según el peso y la edad de tu mascota, con " +
      "registro en su carnet y recordatorio de la siguiente dosis.",
    family: "Salud",
    category: "Prevención",
    subcategory: "Desparasitación",
    priceCents: 5000,
    showPrice: false,
    isOfferActive: false,
    offerPriceCents: null,
    image: "/images/services/desparasitacion.webp",
    imageAlt: "Gotero y pastilla antiparasitaria con escudo protector",
  },
] as const;

export const demoPromotions = [
  {
    title: "¡Gran Inauguración!",
    description: "Usa el código BIENVENIDA20: 20 % en alimentos en tu primera compra.",
    image: "/images/promotions/gran-inauguracion.webp",
    imageAlt: "Perro y gato celebrando con globos y confeti",
    link: buildCatalogPath("products"),
    buttonText: "Ver Más",
    // Its button reads 'Usar cupón' and keeps the seeded coupon on the shopper's cart (issue 44).
    couponCode: "BIENVENIDA20",
    isActive: true,
  },
  {
    title: "Mes de la Esterilización",
    description: "Descuentos especiales en esterilización para perros y gatos durante todo el mes.",
    image: "/images/promotions/mes-esterilizacion.webp",
    imageAlt: "Perro y gato junto a un calendario con una cruz médica",
    link: buildCatalogPath("services"),
    buttonText: "Agendar Cita",
    couponCode: null,
    isActive: true,
  },
  {
    title: "Delivery Gratis",
    description: "Delivery gratis en compras desde S/ 100.00 dentro de nuestra zona de cobertura.",
    image: "/images/promotions/delivery-gratis.webp",
    imageAlt: "Moto de reparto con una caja marcada con una huella",
    link: buildCatalogPath("products"),
    buttonText: "Ver Más",
    couponCode: null,
    isActive: false,
  },
] as const;

// Several keywords per answer, separated by commas; the first stored answer with one of
// them in the message wins, so the greeting comes after the answers a greeting may precede
// ('Hola, ¿dónde están?'). {horario}, {direccion}, {envios}, {pagos} and {telefono} are
// filled with the shop's current data (chatbot-facts.ts).
export const demoChatbotAnswers: { keyword: string; answer: string }[] = [
  {
    keyword: "horario, hora, abren, atienden, abierto",
    answer: "Nuestro horario de atención:\n{horario}",
  },
  {
    keyword: "ubicacion, donde estan, direccion, ubicados",
    answer: "Estamos en {direccion}. En la página de Contacto encontrarás el mapa.",
  },
  {
    keyword: "delivery, envio, reparto, despacho",
    answer:
      "¡Sí hacemos delivery! Estos son los distritos y su costo de envío:\n{envios}\n" +
      "Elige tu distrito en el carrito y verás el costo antes de confirmar tu pedido.",
  },
  {
    keyword: "pagos, yape, plin, tarjeta, transferencia, efectivo",
    answer:
      "Aceptamos {pagos}. Eliges el método de pago en el carrito y, al confirmar tu pedido, " +
      "te mostramos los datos para pagar.",
  },
  {
    keyword: "servicios, baño, cita, agendar, reservar, grooming, veterinario, vacuna",
    answer:
      "Ofrecemos baño y corte, consulta veterinaria, vacunación, desparasitación y asesoría " +
      "nutricional. Para agendar una cita escríbenos por WhatsApp al {telefono}. Revisa la sección Servicios.",
  },
  {
    keyword: "productos, precio, croquetas, alimento, comida, snacks, juguetes",
    answer:
      "Tenemos alimentos y croquetas, snacks, juguetes, accesorios, productos de higiene y camas para " +
      "perros y gatos. Encuentra los precios y presentaciones en la sección Productos.",
  },
  {
    keyword: "contacto, whatsapp, telefono, correo",
    answer: "Puedes escribirnos por WhatsApp al {telefono} o al correo {correo}.",
  },
  {
    keyword: "hola, buenos dias, buenas tardes, buenas noches",
    answer:
      "¡Hola! Soy el asistente virtual de Patitas Felices 🐾 ¿En qué puedo ayudarte hoy? " +
      "Puedes preguntarme por nuestro horario, ubicación, delivery, formas de pago, productos o servicios.",
  },
  { keyword: "gracias", answer: "¡Con gusto! Si tienes otra consulta, aquí estoy. 🐶🐱" },
  { keyword: "adios, chau, hasta luego", answer: "¡Hasta pronto! Saludos a tu mascota. 🐾" },
  {
    keyword: "default",
    answer:
      "Lo siento, no entendí tu pregunta. Puedes preguntarme por horario, ubicación, " +
      "delivery, formas de pago, productos o servicios, o escribirnos por WhatsApp al {telefono}.",
  },
];

const demoSocialMedia: SocialMedia = {
  facebook: { url: "https://www.facebook.com/patitasfelices.pe", isActive: true },
  instagram: { url: "https://www.instagram.com/patitasfelices.pe", isActive: true },
  tiktok: { url: "", isActive: false },
  twitter: { url: "", isActive: false },
};

export const demoSettings = {
  shopName: demoShopName,
  logo: "/images/logos/logo_defecto.png",
  primaryColor: "#2ea8a8",
  secondaryColor: "#f8a78b",
  fontFamily: "Fredoka",
  socialMedia: demoSocialMedia,
  googleMapsApiKey: "",
  contactEmail: "contacto@patitasfelices.pe",
  contactPhone: "51924810866",
  contactAddress: "Av. Primavera 1234, Santiago de Surco, Lima",
  contactHours: "Lunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado",
  providerLegalName: "Patitas Felices S.A.C.",
  providerRuc: "20603128479",
  providerAddress: "Av. Primavera 1234, Santiago de Surco, Lima",
};

export const demoPaymentMethods = [
  {
    id: "yape",
    name: "Yape",
    details: "Yapea al 924 810 866 a nombre de Patitas Felices S.A.C.",
    kind: "manual",
    isActive: true,
  },
  {
    id: "plin",
    name: "Plin",
    details: "Plinea al 924 810 866 a nombre de Patitas Felices S.A.C.",
    kind: "manual",
    isActive: true,
  },
  {
    id: "transferencia",
    name: "Transferencia Bancaria",
    details: "BCP Soles: 191-12345678-0-12\nCCI: 002-191-112345678012-55\nTitular: Patitas Felices S.A.C.",
    kind: "manual",
    isActive: true,
  },
  {
    id: "stripe",
    name: "Tarjeta de Crédito/Débito",
    details: "Proximamente...",
    kind: "stripe",
    isActive: false,
  },
] as const;

export const demoPageContents: PageContents = {
  home: {
    heroTitle: "Bienvenidos a Patitas Felices",
    heroSubtitle:
      "Todo lo que tu perro y tu gato necesitan: alimentos, juguetes, accesorios y servicios " +
      "de cuidado, con el cariño que se merecen.",
    featuredSectionTitle: "Productos Destacados",
    visitUsTitle: "¡Visítanos en nuestra tienda!",
    visitUsText:
      "Te esperamos en Santiago de Surco con asesoría personalizada para tu mascota. " +
      "Trae a tu engreído: ¡aquí también es bienvenido!",
    visitUsImage: "/images/home/visitanos.webp",
    visitUsLinkText: "Ver dirección y horarios",
    featuredSectionSubtitle: "¡Aprovecha nuestras mejores ofertas!",
    aboutCardTitle: "Sobre Nosotros",
    aboutCardText:
      "Somos una tienda de barrio en Surco que cuida a perros y gatos con cariño. " +
      "Conoce nuestra historia y nuestros valores.",
    productsCardTitle: "Productos Premium",
    productsCardText:
      "Alimentos, snacks, juguetes, camas y accesorios de marcas de confianza, con " +
      "delivery en nuestra zona de cobertura.",
    servicesCardTitle: "Servicios Expertos",
    servicesCardText:
      "Baño y corte, consultas veterinarias, vacunación y desparasitación a cargo de " +
      "profesionales que aman a los animales.",
    socialLinksTitle: "Síguenos en nuestras redes:",
  },
  about: {
    title: "Nosotros",
    mainHeading: "Sobre Patitas Felices",
    content:
      "Patitas Felices nació en Lima del amor por los animales. Empezamos como una pequeña " +
      "tienda de barrio y hoy acompañamos a cientos de familias en el cuidado de sus perros y gatos.\n\n" +
      "Seleccionamos cada producto pensando en la salud y la felicidad de tu mascota, y " +
      "nuestro equipo de veterinarios y groomers te atiende con paciencia y cariño.",
    historyImage: "/images/about/historia.webp",
    valuesSection: {
      heading: "Nuestros Valores",
      values: [
        {
          title: "Amor por los animales",
          description: "Tratamos a cada mascota como si fuera nuestra.",
          icon: "Heart",
        },
        {
          title: "Calidad garantizada",
          description: "Solo ofrecemos productos y servicios en los que confiamos.",
          icon: "ShieldCheck",
        },
        {
          title: "Comunidad",
          description: "Creemos en una comunidad de dueños responsables e informados.",
          icon: "Users",
        },
      ],
    },
    teamSection: {
      heading: "Nuestro Equipo",
      content:
        "Médicos veterinarios, groomers y asesores apasionados por el bienestar animal, " + "listos para ayudarte.",
      image: "/images/about/equipo.webp",
    },
  },
  products: {
    mainTitle: "Nuestros Productos",
    mainDescription: "Alimentos, snacks, juguetes, accesorios y más para perros y gatos, de las mejores marcas.",
  },
  services: {
    mainTitle: "Nuestros Servicios",
    mainDescription:
      "Baño y corte, consultas veterinarias, prevención y nutrición: cuidamos a tu mascota " +
      "de la nariz a la cola. Consúltanos por WhatsApp.",
  },
};
