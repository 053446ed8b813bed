import { describe, expect, test } from "vitest";

import { demoPageContents } from "~/domain/demo-shop/demo-data";

import { homePageSchema } from "./page-content";
import { buildMapsSearchUrl, formatPhoneForDisplay, listActiveSocialLinks, toSafeHref } from "./shop-profile";
import { splitLines, splitParagraphs, summarise } from "./text-blocks";

describe("home page texts", () => {
  test("a row stored before the cards' texts existed still parses, with the spec's texts", () => {
    const { featuredSectionSubtitle: _s, aboutCardTitle: _a, ...stored } = demoPageContents.home;
    const parsed = homePageSchema.parse(stored);
    expect(parsed.featuredSectionSubtitle).toBe("¡Aprovecha nuestras mejores ofertas!");
    expect(parsed.aboutCardTitle).toBe("Sobre Nosotros");
    expect(parsed.heroTitle).toBe("Bienvenidos a Patitas Felices");
  });
});

describe("text blocks", () => {
  test("paragraphs split at blank lines, hours at every line", () => {
    expect(splitParagraphs("Uno\nsigue uno\n\n  \nDos\r\n\r\nTres\n")).toEqual(["Uno\nsigue uno", "Dos", "Tres"]);
    expect(splitLines("Lunes a Sábado: 9:00 AM - 7:00 PM\n\nDomingo: Cerrado\n")).toEqual([
      "Lunes a Sábado: 9:00 AM - 7:00 PM",
      "Domingo: Cerrado",
    ]);
  });

  test("a preview description is the first paragraph, cut at a word", () => {
    expect(summarise("Corto.\n\nOtro párrafo.")).toBe("Corto.");
    const long = summarise(`${"palabra ".repeat(40)}\n\nfin`, 30);
    expect(long).toBe("palabra palabra palabra…");
  });
});

describe("shop profile", () => {
  test("only active networks with a web address are shown", () => {
    expect(
      listActiveSocialLinks({
        facebook: { url: "https://facebook.com/patitas", isActive: true },
        instagram: { url: "https://instagram.com/patitas", isActive: false },
        tiktok: { url: "", isActive: true },
        twitter: { url: "javascript:alert(1)", isActive: true },
      }),
    ).toEqual([{ network: "facebook", label: "Facebook", url: "https://facebook.com/patitas" }]);
  });

  test("promotion links: shop paths and web addresses only", () => {
    expect(toSafeHref("/servicios")).toBe("/servicios");
    expect(toSafeHref("https://example.pe/promo")).toBe("https://example.pe/promo");
    expect(toSafeHref("//evil.example")).toBeNull();
    expect(toSafeHref("javascript:alert(1)")).toBeNull();
    expect(toSafeHref("")).toBeNull();
  });

  test("phone and maps link", () => {
    expect(formatPhoneForDisplay("51924810866")).toBe("+51 924 810 866");
    expect(formatPhoneForDisplay("924 810 866")).toBe("+51 924 810 866");
    expect(buildMapsSearchUrl("Av. Primavera 1234, Santiago de Surco, Lima")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Av.%20Primavera%201234%2C%20Santiago%20de%20Surco%2C%20Lima",
    );
  });
});
