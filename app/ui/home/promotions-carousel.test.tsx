import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, test } from "vitest";

import type { CarouselPromotion } from "~/domain/content/promotions.server";

import { PromotionsCarousel } from "./promotions-carousel";

function renderCarousel(promotions: CarouselPromotion[]): string {
  const router = createMemoryRouter([{ path: "/", element: <PromotionsCarousel promotions={promotions} /> }]);
  return renderToString(<RouterProvider router={router} />);
}

function promotion(id: number, overrides: Partial<CarouselPromotion> = {}): CarouselPromotion {
  return {
    id,
    title: `Promoción ${id}`,
    description: "Descripción",
    image: `/images/promotions/p${id}.webp`,
    imageAlt: `Imagen ${id}`,
    link: "/productos",
    buttonText: "Ver Más",
    couponCode: null,
    ...overrides,
  };
}

describe("the promotions carousel as the server sends it", () => {
  test("without active promotions it announces upcoming ones", () => {
    const html = renderCarousel([]);
    expect(html).toContain("Próximamente promociones especiales.");
    expect(html).not.toContain("aria-roledescription");
  });

  test("labels each slide 'n de total', shows the first and loads only its image eagerly", () => {
    const html = renderCarousel([promotion(1), promotion(2), promotion(3, { link: "javascript:alert(1)" })]);
    expect(html).toContain('aria-roledescription="carrusel"');
    expect(html.match(/aria-label="\d de 3"/g)).toEqual([
      'aria-label="1 de 3"',
      'aria-label="2 de 3"',
      'aria-label="3 de 3"',
    ]);
    expect(html).toMatch(/aria-label="1 de 3" class/);
    expect(html).toMatch(/aria-label="2 de 3" aria-hidden="true" inert=""/);
    expect(html.match(/loading="(eager|lazy)"/g)).toEqual(['loading="eager"', 'loading="lazy"', 'loading="lazy"']);
    expect(html).toContain('aria-label="Promoción anterior"');
    expect(html).toContain('aria-label="Promoción siguiente"');
    expect(html.match(/aria-label="Mostrar promoción \d/g)).toHaveLength(3);
    // An unsafe link typed in the back office gives no button at all.
    expect(html).not.toContain("javascript:");
  });

  test("one promotion needs no arrows or dots; an empty button text falls back to 'Ver Más'", () => {
    const html = renderCarousel([promotion(1, { buttonText: " " })]);
    expect(html).toContain('aria-label="1 de 1"');
    expect(html).not.toContain("Promoción siguiente");
    expect(html).not.toContain("Mostrar promoción");
    expect(html).toMatch(/href="\/productos"[^>]*>Ver Más</);
  });

  test("a slide with a coupon posts it to the cart from a form: 'Usar cupón', in place of its link", () => {
    const html = renderCarousel([promotion(1, { couponCode: "BIENVENIDA20", buttonText: "Ver Más" })]);
    const form = html.match(/<form[^>]*>.*?<\/form>/)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/carrito"/);
    expect(form).toContain('<input type="hidden" name="coupon" value="use"/>');
    expect(form).toContain('<input type="hidden" name="couponCode" value="BIENVENIDA20"/>');
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*>Usar cupón<\/button>/);
    expect(html).not.toContain("Ver Más");
    expect(html).not.toContain('href="/productos"');
  });
});
