import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const publicPages = [
  "/",
  "/nosotros",
  "/productos",
  "/productos/gatos/juguetes",
  "/productos?q=raton",
  "/producto/1",
  "/servicios",
  "/servicios/salud/prevención/desparasitación",
  "/contacto",
  "/carrito",
  "/faq",
  "/libro-reclamaciones",
  "/auth",
  "/admin",
  "/esta-pagina-no-existe",
];

for (const path of publicPages) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
      );
    expect(blocking).toEqual([]);
  });
}
