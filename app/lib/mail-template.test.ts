import { describe, expect, test } from "vitest";

import { breakLinks, renderMail } from "./mail-template";

const brand = { shopName: "Patitas Felices", logoUrl: "https://patitas.pe/logo.png", shopUrl: "https://patitas.pe" };

describe("breakLinks", () => {
  test("what reads as a link in a mail client no longer does, and reads the same", () => {
    for (const typed of ["http://estafa.example/premio", "www.estafa.example", "gana@estafa.example", "estafa.pe"]) {
      const broken = breakLinks(typed);
      expect(broken).not.toBe(typed);
      expect(broken).not.toMatch(/https?:\/\/|www\.|\w@|\w\.\w/);
      expect(broken.replace(/\u200b/g, "")).toBe(typed);
    }
  });

  test("ordinary names and addresses are left as they are", () => {
    for (const typed of [
      "Rosa Quispe",
      "Calle Los Pinos 123, dpto. 402",
      "Av. Primavera 1234 - Surco",
      "Mz. B Lt. 5",
    ]) {
      expect(breakLinks(typed)).toBe(typed);
    }
  });
});

test("sections: titled rows and lines, escaped in the HTML with their line breaks, 'label: value' in the text", () => {
  const { html, text } = renderMail(brand, {
    heading: "Pedido PED-000001",
    paragraphs: ["Hola Ana,"],
    sections: [
      {
        title: "Productos",
        rows: [
          { label: "1 × Arena <Premium> — 10 kg", value: "S/ 40.00" },
          { label: "Total", value: "S/ 40.00", isTotal: true },
        ],
      },
      { title: "Cómo pagar", lines: ["Método de pago: Yape", "Yapea al 924 810 866\nA nombre de Patitas"] },
    ],
    action: { label: "Ver mi pedido", url: "https://patitas.pe/pedido/PED-000001" },
  });
  expect(text).toContain(
    [
      "Hola Ana,",
      "",
      "Productos",
      "1 × Arena <Premium> — 10 kg: S/ 40.00",
      "Total: S/ 40.00",
      "",
      "Cómo pagar",
      "Método de pago: Yape",
      "Yapea al 924 810 866\nA nombre de Patitas",
      "",
      "Ver mi pedido: https://patitas.pe/pedido/PED-000001",
    ].join("\n"),
  );
  expect(html).toContain("1 × Arena &lt;Premium&gt; — 10 kg");
  expect(html).toContain("Yapea al 924 810 866<br>A nombre de Patitas");
  // The sections come before the button.
  expect(html.indexOf("Cómo pagar")).toBeLessThan(html.indexOf("Ver mi pedido"));
});
