import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page, test } from "@playwright/test";

import { signInAsAdmin } from "./support";

// Issue 27, items 6 and 7: the header box's instant results (a combobox whose code arrives on
// first focus) and, for the owner, the searches that found nothing.

// A production server on a busy machine can take a few seconds per answer.
const expect = baseExpect.configure({ timeout: 15_000 });

const CROQUETAS = "Croquetas Ricocan Adulto Razas Medianas 15 kg";

function searchBox(page: Page) {
  return page.getByRole("banner").getByRole("search").locator("#header-q");
}

function panel(page: Page) {
  return page.getByRole("listbox", { name: "Resultados de la búsqueda" });
}

/** Home, hydrated, then `text` typed into the header's box as a shopper would. */
async function typeInHeader(page: Page, text: string) {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially(text, { delay: 40 });
  await expect(panel(page)).toBeVisible();
  return box;
}

test("typing 'croketas' shows the croquetas with picture and price; the panel's code comes with the first focus", async ({
  page,
}) => {
  const panelRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("instant-results-panel")) panelRequests.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(panelRequests).toEqual([]);
  const mainTop = (await page.locator("main").boundingBox())!.y;

  const box = searchBox(page);
  await box.click();
  await box.pressSequentially("croketas", { delay: 40 });
  const option = panel(page).getByRole("option", { name: new RegExp(CROQUETAS) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(/S\/\s\d+\.\d{2}/);
  await expect(option.locator("img")).toHaveJSProperty("complete", true);
  expect(panelRequests.length).toBe(1);
  await expect(box).toHaveAttribute("role", "combobox");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-autocomplete", "list");
  await expect(box).toHaveAttribute("aria-controls", "header-q-resultados");
  await expect(page.getByRole("banner").getByRole("status")).toHaveText(/^\d+ resultados?$/);
  await expect(panel(page).getByRole("option").last()).toHaveText("Ver todos los resultados");
  // Over the page: nothing under the header moved.
  expect((await page.locator("main").boundingBox())!.y).toBe(mainTop);
  await page.screenshot({ path: "e2e-screens/instant-search-1280.png" });

  // The arrows move the active option; Enter opens it.
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", "header-q-resultados-0");
  await expect(panel(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowUp");
  await expect(panel(page).getByRole("option").last()).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/producto\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: CROQUETAS })).toBeVisible();
  await expect(panel(page)).toBeHidden();
});

test("Escape and a click outside close the panel; what was typed stays", async ({ page }) => {
  const box = await typeInHeader(page, "croketas");
  await box.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("croketas");
  await expect(box).toBeFocused();

  await box.press("ArrowDown");
  await expect(panel(page)).toBeVisible();
  await page.locator("footer").click({ position: { x: 4, y: 4 } });
  await expect(panel(page)).toBeHidden();
  // Back in the box, the same results again.
  await box.click();
  await expect(panel(page)).toBeVisible();
});

test("'Ver todos los resultados', and Enter with no option active, go to /buscar", async ({ page }) => {
  await typeInHeader(page, "croketas");
  await panel(page).getByRole("option", { name: "Ver todos los resultados" }).click();
  await expect(page).toHaveURL(/\/buscar\?q=croketas$/);

  const box = await typeInHeader(page, "arena gato");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=arena\+gato$/);
});

/** Serious or critical axe violations in the header's search, as accessibility.spec.ts counts them. */
async function searchViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include("header [role=search]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test("the open combobox, with an option active, has no serious accessibility violation", async ({ page }) => {
  const box = await typeInHeader(page, "croketas");
  expect(await searchViolations(page)).toEqual([]);
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", "header-q-resultados-0");
  expect(await searchViolations(page)).toEqual([]);
  await box.press("Escape");
  expect(await searchViolations(page)).toEqual([]);
});

test("a word that finds nothing says so, and still offers the full search", async ({ page }) => {
  await typeInHeader(page, "zzqxwv");
  await expect(page.getByRole("banner").getByRole("status")).toHaveText('Sin resultados para "zzqxwv"');
  await expect(panel(page).getByRole("option")).toHaveText(["Ver todos los resultados"]);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the panel fits the screen", async ({ page }) => {
    await typeInHeader(page, "croketas");
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(panel(page).getByRole("option", { name: new RegExp(CROQUETAS) })).toBeInViewport();
    await page.screenshot({ path: "e2e-screens/instant-search-390.png" });
  });
});

test("without JavaScript the box is a plain form to /buscar", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await searchBox(page).fill("croquetas");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=croquetas$/);
  await context.close();
});

test("the answers are JSON, stored by the page cache on their second asking, and bad input is harmless", async ({
  request,
}) => {
  const first = await request.get("/api/buscar?q=croque");
  expect(first.status()).toBe(200);
  // Rendered and sent, then rendered and kept (ADR 070), then from the cache.
  expect(first.headers()["x-cache"]).toBe("MISS");
  expect((await request.get("/api/buscar?q=croque")).headers()["x-cache"]).toBe("MISS");
  const second = await request.get("/api/buscar?q=croque");
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(second.headers()["content-type"]).toMatch(/^application\/json/);
  expect(second.headers()["cache-control"]).toBe("public, max-age=30");
  expect(await second.json()).toEqual(await first.json());
  expect((await second.json()).items[0]).toMatchObject({
    title: CROQUETAS,
    href: expect.stringMatching(/^\/producto\/\d+$/),
  });
  for (const q of ["x".repeat(10_000), "%_'\";--", "🐶🐱", "' OR 1=1; --"]) {
    const response = await request.get(`/api/buscar?${new URLSearchParams({ q })}`);
    expect(response.status()).toBe(200);
    expect(Array.isArray((await response.json()).items)).toBe(true);
  }
  // A NUL is refused at the door, for every address (server/app.ts): a 400 page, not an error.
  expect((await request.get("/api/buscar?q=%00")).status()).toBe(400);
});

test("a search that found nothing is listed for the owner, with a way to start a synonym", async ({ page }) => {
  await page.goto("/buscar?q=zzqxw");
  await signInAsAdmin(page);
  await page.goto("/admin/busqueda");
  const section = page.getByRole("region", { name: "Búsquedas sin resultados" });
  const row = section.getByRole("row", { name: /zzqxw/ });
  await expect(row).toContainText("zzqxw");
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d+$/);
  await expect(row.getByRole("link", { name: "Probar «zzqxw» en la tienda" })).toHaveAttribute(
    "href",
    "/buscar?q=zzqxw",
  );
  await section.screenshot({ path: "e2e-screens/admin-search-misses.png" });
  await row.getByRole("link", { name: "Crear un grupo de sinónimos con «zzqxw»" }).click();
  await expect(page.locator("#nuevo-grupo")).toHaveValue("zzqxw, ");
});
