import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { screenshot, toast } from "./support";

const PHONE = { width: 360, height: 800 };

function carousel(page: Page) {
  return page.getByRole("region", { name: "Promociones" });
}

/** The slide a shopper can see: the others are inert and hidden from assistive technology. */
function visibleSlide(page: Page) {
  return carousel(page).locator('[aria-roledescription="diapositiva"]:not([inert])');
}

/**
 * A full-page screenshot once the shop's web font is in, scrolled to the top so the
 * sticky header is drawn where it belongs.
 */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await screenshot(page, name);
}

/** Scrolls down so lazy images load, then back up so the sticky header is at the top of the picture. */
async function showLazyImages(page: Page): Promise<void> {
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe("home", () => {
  test("the carousel shows the two active promotions, moved by the arrows and the dots", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The page's clock is the test's: the 5 s of 'no auto-advance' below pass at once.
    await page.clock.install();
    await page.goto("/");
    const region = carousel(page);
    await expect(region).toHaveAttribute("aria-roledescription", "carrusel");
    const slides = region.locator('[aria-roledescription="diapositiva"]');
    await expect(slides).toHaveCount(2);
    await expect(region).not.toContainText("Delivery Gratis");

    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 de 2");
    await expect(visibleSlide(page).getByRole("heading")).toHaveText("¡Gran Inauguración!");
    // The seeded first slide offers BIENVENIDA20: its button keeps the coupon on the cart (issue 44).
    await expect(visibleSlide(page)).toContainText("Usa el código BIENVENIDA20");
    await expect(visibleSlide(page).getByRole("button", { name: "Usar cupón" })).toBeVisible();
    await expect(visibleSlide(page).getByRole("img")).toHaveAttribute("loading", "eager");
    await expect(slides.nth(1).locator("img")).toHaveAttribute("loading", "lazy");

    await region.getByRole("button", { name: "Promoción siguiente" }).click();
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 de 2");
    await expect(visibleSlide(page).getByRole("heading")).toHaveText("Mes de la Esterilización");
    await expect(visibleSlide(page).getByRole("link", { name: "Agendar Cita" })).toHaveAttribute("href", "/servicios");

    // Wraps both ways.
    await region.getByRole("button", { name: "Promoción siguiente" }).click();
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 de 2");
    await region.getByRole("button", { name: "Promoción anterior" }).click();
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 de 2");

    const dots = region.getByRole("button", { name: /^Mostrar promoción/ });
    await expect(dots).toHaveCount(2);
    await dots.first().click();
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 de 2");
    await expect(dots.first()).toHaveAttribute("aria-current", "true");

    // Reduced motion: no auto-advance, so no pause button either.
    await expect(region.getByRole("button", { name: "Pausar el carrusel" })).toHaveCount(0);
    await page.clock.runFor(5_600);
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 de 2");
  });

  test("the carousel advances on its own every 5 s and stops while hovered", async ({ page }) => {
    // The page's clock is the test's: its 5 s steps pass when the test says so.
    await page.clock.install();
    await page.goto("/");
    const region = carousel(page);
    await expect(region.getByRole("button", { name: "Pausar el carrusel" })).toBeVisible();
    await page.mouse.move(5, 700);
    await page.clock.runFor(4_000);
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 de 2");
    await page.clock.runFor(1_500);
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 de 2");

    await region.hover();
    await page.clock.runFor(5_600);
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 de 2");
  });

  test("hero, cards, featured offers, visit-us block and the active networks", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenidos a Patitas Felices");
    await expect(page.getByRole("link", { name: "Explorar Productos" })).toHaveAttribute("href", "/productos");
    await expect(page.getByRole("link", { name: "Encuéntranos" })).toHaveAttribute("href", "/contacto");

    const cards = page.getByRole("region", { name: "Conócenos" });
    await expect(cards.getByRole("link", { name: /Sobre Nosotros/ })).toHaveAttribute("href", "/nosotros");
    await expect(cards.getByRole("link", { name: /Productos Premium/ })).toHaveAttribute("href", "/productos");
    await expect(cards.getByRole("link", { name: /Servicios Expertos/ })).toHaveAttribute("href", "/servicios");

    const featured = page.getByRole("region", { name: "Productos Destacados" });
    await expect(featured.getByText("¡Aprovecha nuestras mejores ofertas!")).toBeVisible();
    const cardsInFeatured = featured.getByRole("article");
    // The croquetas, the mouse and the puppy food's 3 kg bag (a product with presentaciones).
    await expect(cardsInFeatured).toHaveCount(3);
    for (const card of await cardsInFeatured.all()) {
      await expect(card.getByText("OFERTA", { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Ver Detalles/ })).toHaveAttribute("href", /^\/producto\/\d+$/);
      await expect(card.locator("s")).toContainText("S/\u00a0");
    }
    await expect(featured.getByRole("heading", { name: "Ratón de Juguete con Catnip" })).toBeVisible();
    await expect(featured).toContainText("S/\u00a014.90");
    await expect(featured).toContainText("hierba gatera");
    await expect(featured.getByRole("article").filter({ hasText: "Alimento Pro Plan" })).toContainText("Desde");

    const visit = page.getByRole("region", { name: "¡Visítanos en nuestra tienda!" });
    await expect(visit.getByRole("link", { name: "Ver dirección y horarios" })).toHaveAttribute("href", "/contacto");
    await expect(visit.locator("img")).toHaveAttribute("loading", "lazy");

    const social = page.getByRole("region", { name: "Síguenos en nuestras redes:" });
    const networks = social.getByRole("link");
    await expect(networks).toHaveCount(2);
    await expect(social.getByRole("link", { name: /^Facebook/ })).toHaveAttribute(
      "href",
      "https://www.facebook.com/patitasfelices.pe",
    );
    await expect(social.getByRole("link", { name: /^Instagram/ })).toHaveAttribute("target", "_blank");
    await expect(social.getByRole("link", { name: /^Instagram/ })).toHaveAttribute("rel", /noopener/);

    await featured.getByRole("link", { name: "Ver Detalles: Ratón de Juguete con Catnip" }).click();
    await expect(page).toHaveURL(/\/producto\/\d+$/);
  });

  test("sharing and search engines: canonical, Open Graph and the PetStore data", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https?:\/\/[^/]+\/images\/og-default\.png$/,
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_PE");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "PetStore",
      name: "Patitas Felices",
      telephone: "+51924810866",
      address: { addressLocality: "Lima", addressCountry: "PE" },
      sameAs: ["https://www.facebook.com/patitasfelices.pe", "https://www.instagram.com/patitasfelices.pe"],
    });
    expect(jsonLd.openingHoursSpecification[0]).toMatchObject({ opens: "09:00", closes: "19:00" });

    for (const path of ["/nosotros", "/faq", "/contacto"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\| Patitas Felices$/);
    }
  });

  test("screenshots: desktop and a 360 px phone", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await showLazyImages(page);
    await snap(page, "home-content-desktop");
    await page.setViewportSize(PHONE);
    await page.goto("/");
    // Nothing sticks out sideways (the carousel's hidden slides are clipped, not scrolled to).
    // Polled: a cold development server can paint once before its styles arrive.
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.scrollWidth > document.documentElement.clientWidth
            ? [...document.querySelectorAll("body *")]
                .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
                .map((element) => element.outerHTML.slice(0, 120))
            : [],
        ),
      )
      .toEqual([]);
    await showLazyImages(page);
    await snap(page, "home-content-360");
  });
});

test.describe("content pages", () => {
  test("/nosotros: paragraphs, three values with icons and the team", async ({ page }) => {
    await page.goto("/nosotros");
    await expect(page).toHaveTitle("Nosotros | Patitas Felices");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre Patitas Felices");
    await expect(page.getByText(/^Patitas Felices nació en Lima/)).toBeVisible();
    await expect(page.getByText(/^Seleccionamos cada producto/)).toBeVisible();

    const values = page.getByRole("region", { name: "Nuestros Valores" }).getByRole("listitem");
    await expect(values).toHaveCount(3);
    await expect(values.nth(0)).toContainText("Amor por los animales");
    await expect(values.nth(1)).toContainText("Calidad garantizada");
    await expect(values.nth(2)).toContainText("Comunidad");
    for (const icon of ["heart", "shield-check", "users"]) {
      const drawing = page.locator(`svg[data-icon="${icon}"] use`);
      await expect(drawing).toHaveCount(1);
      // The sprite's symbol was fetched and drawn: an unresolved <use> has no box.
      await expect.poll(() => drawing.evaluate((use: SVGGraphicsElement) => use.getBBox().width)).toBeGreaterThan(10);
    }
    await expect(page.getByRole("heading", { name: "Nuestro Equipo" })).toBeVisible();
    await snap(page, "nosotros-desktop");
    await page.setViewportSize(PHONE);
    await snap(page, "nosotros-360");
  });

  test("/faq: eight questions that open and close with the keyboard", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preguntas Frecuentes");
    const questions = page.getByRole("main").locator("details");
    await expect(questions).toHaveCount(8);

    const hours = questions.filter({ hasText: "¿Cuál es el horario de atención?" });
    const answer = hours.getByText(/lunes a sábado de 9:00 a 19:00/);
    await expect(answer).toBeHidden();
    await hours.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await expect(hours).toHaveAttribute("open", "");
    await page.keyboard.press("Enter");
    await expect(answer).toBeHidden();

    const location = questions.filter({ hasText: "¿Dónde está ubicada la tienda?" });
    await location.locator("summary").click();
    await expect(location).toContainText("Av. Primavera 1234, Santiago de Surco, Lima");
    await snap(page, "faq-desktop");
    await page.setViewportSize(PHONE);
    await snap(page, "faq-360");
  });

  test("/contacto: details, validation in Spanish, the stored message and the map fallback", async ({ page }) => {
    await page.goto("/contacto");
    await expect(page.getByRole("link", { name: "contacto@patitasfelices.pe" })).toHaveAttribute(
      "href",
      "mailto:contacto@patitasfelices.pe",
    );
    await expect(page.getByRole("link", { name: /\+51 924 810 866/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/51924810866\?text=/,
    );
    await expect(page.getByText("Av. Primavera 1234, Santiago de Surco, Lima").first()).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /^Lunes a Sábado: 9:00 AM - 7:00 PM$/ })).toHaveCount(1);
    await expect(page.getByRole("listitem").filter({ hasText: /^Domingo: Cerrado$/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Facebook/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Instagram/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^TikTok/ })).toHaveCount(0);

    // Without a Maps key: the address and a link to it, never a word about settings.
    await expect(page.getByText(/clave|panel de administración|API/)).toHaveCount(0);
    const directions = page.getByRole("link", { name: /Ver en Google Maps/ });
    await expect(directions).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=Av.%20Primavera%201234%2C%20Santiago%20de%20Surco%2C%20Lima",
    );
    await expect(directions).toHaveAttribute("target", "_blank");

    const form = page.getByRole("form", { name: "Formulario de contacto" });
    await form.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(form.getByText("Ingresa tu nombre completo.")).toBeVisible();
    await expect(form.getByText("Ingresa tu correo electrónico.")).toBeVisible();
    await expect(form.getByText("Ingresa el asunto de tu mensaje.")).toBeVisible();
    await expect(form.getByText("Escribe tu mensaje.")).toBeVisible();
    await expect(form.getByLabel("Nombre completo")).toBeFocused();

    await form.getByLabel("Nombre completo").fill("Rosa Huamán");
    await form.getByLabel("Correo electrónico").fill("rosa@");
    await form.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(form.getByText("Ingresa un correo electrónico válido.")).toBeVisible();
    await expect(form.getByLabel("Nombre completo")).toHaveValue("Rosa Huamán");
    await snap(page, "contacto-errores");

    await form.getByLabel("Correo electrónico").fill("rosa.huaman@example.pe");
    await form.getByLabel("Asunto").fill("Arena para gatos");
    await form.getByLabel("Mensaje").fill("¿Tienen arena aglomerante sin perfume de 10 kg?");
    await form.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(toast(page, "Mensaje Enviado")).toBeVisible();
    await expect(toast(page, "Gracias por escribirnos. Te responderemos pronto.")).toBeVisible();
    await expect(form.getByLabel("Nombre completo")).toHaveValue("");
    await expect(form.getByLabel("Mensaje")).toHaveValue("");
    await expect(form.getByText("Ingresa un correo electrónico válido.")).toHaveCount(0);
    await snap(page, "contacto-desktop");
    await page.setViewportSize(PHONE);
    await snap(page, "contacto-360");
  });
});

// tests/e2e/accessibility.spec.ts checks every public page at desktop width; these pages
// also get checked on a 360 px phone, where their layout differs most.
for (const path of ["/", "/nosotros", "/faq", "/contacto"]) {
  test(`axe finds no serious or critical accessibility problem on ${path} at 360 px`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}
