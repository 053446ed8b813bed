// The floating contact buttons (the assistant and WhatsApp, on every storefront page) never
// rest on the page's text or fields: on a 320–430 px phone they fold into one button that
// waits below the screen while the shopper reads, and shows at the end of the page (over the
// footer's bottom padding), for a moment after a scroll up, and while open. Each resting state
// is checked by comparing the boxes of the visible floating buttons with those of every visible
// line of text (Range.getClientRects over the text nodes) and every visible link, button and
// field of the page.
import { expect, type Page, test } from "@playwright/test";

import { addToCart, PRODUCTS } from "./cart-support";
import { screenshot } from "./support";

const PHONE_WIDTHS = [320, 390, 430];
const MAIN_PAGES = [
  { name: "inicio", path: "/" },
  { name: "productos", path: "/productos" },
  { name: "producto", path: `/producto/${PRODUCTS.croquetas.id}` },
  { name: "carrito", path: "/carrito" },
  { name: "contacto", path: "/contacto" },
  { name: "libro de reclamaciones", path: "/libro-reclamaciones" },
  { name: "preguntas frecuentes", path: "/faq" },
  { name: "servicios", path: "/servicios" },
];
const WHATSAPP_URL = "https://wa.me/51924810866?text=Hola%2C%20quisiera%20hacer%20una%20consulta";

const phone = (width: number) => ({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number; label: string };

/**
 * What the screen shows now: the visible floating buttons (links, buttons and summaries inside
 * a `position: fixed` layer) and the page's visible text lines and controls, each clipped to
 * the boxes of its scrolling or clipping ancestors and to the viewport.
 */
function measure(page: Page): Promise<{ buttons: Box[]; content: Box[] }> {
  return page.evaluate(() => {
    type Rect = { left: number; top: number; right: number; bottom: number };
    // Labels too: an option's card (a <label> around its radio) is what a shopper taps.
    const CONTROLS =
      "a[href], button, input:not([type=hidden]), select, textarea, label, summary, [role=button], [tabindex]";
    const fixedLayer = (element: Element | null) => {
      for (let e = element; e; e = e.parentElement) if (getComputedStyle(e).position === "fixed") return e;
      return null;
    };
    const isShown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    // Part of a rect the page really draws: inside every clipping ancestor and the viewport.
    const clip = (rect: Rect, element: Element): Rect | null => {
      let r = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      const cut = (c: Rect) => {
        r = {
          left: Math.max(r.left, c.left),
          top: Math.max(r.top, c.top),
          right: Math.min(r.right, c.right),
          bottom: Math.min(r.bottom, c.bottom),
        };
      };
      for (let e: Element | null = element; e && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== "visible" || style.overflowY !== "visible" || style.clipPath !== "none")
          cut(e.getBoundingClientRect());
      }
      cut({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
      // Less than 2 px either way is not something a shopper reads (e.g. .sr-only's 1 px box).
      return r.right - r.left >= 2 && r.bottom - r.top >= 2 ? r : null;
    };
    const box = (r: Rect, label: string) => ({
      x: r.left,
      y: r.top,
      width: r.right - r.left,
      height: r.bottom - r.top,
      label: label.replace(/\s+/g, " ").trim().slice(0, 70),
    });
    const describe = (e: Element) =>
      `<${e.tagName.toLowerCase()}> ${e.getAttribute("aria-label") ?? (e as HTMLElement).innerText ?? ""}`;

    const buttons: Box[] = [];
    const content: Box[] = [];
    for (const element of document.querySelectorAll(CONTROLS)) {
      if (!isShown(element)) continue;
      const r = clip(element.getBoundingClientRect(), element);
      if (r) (fixedLayer(element) ? buttons : content).push(box(r, describe(element)));
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || fixedLayer(parent) || !isShown(parent)) continue;
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const r = clip(rect, parent);
        if (r) content.push(box(r, `text "${node.textContent}"`));
      }
    }
    return { buttons, content };
  });
}

/** Fails naming every text line or control that a visible floating button covers. */
async function expectNothingCovered(page: Page, state: string): Promise<Box[]> {
  const { buttons, content } = await measure(page);
  const covered = (a: Box, b: Box) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
  const where = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;
  const overlaps = buttons.flatMap((button) =>
    content
      .filter((item) => covered(button, item))
      .map((item) => `${item.label} (${where(item)}) under ${button.label}`),
  );
  expect(overlaps, `${state}: covered by a floating button`).toEqual([]);
  return buttons;
}

/** Waits for React to take over (the chat's button exists once it can answer) and the corner to settle. */
async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "Abrir asistente virtual", includeHidden: true })).toHaveCount(1);
  await settle(page);
}

/** Lets the floating layer's transitions end (the button slides in and out). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
}

async function scrollTo(page: Page, where: "end" | "middle" | number): Promise<void> {
  await page.evaluate((target) => {
    const max = document.documentElement.scrollHeight - innerHeight;
    if (target === "end") window.scrollTo(0, max);
    else if (target === "middle") window.scrollTo(0, max / 2);
    else window.scrollBy(0, target);
  }, where);
  await settle(page);
}

const contactButton = (page: Page) => page.getByLabel("Contáctanos", { exact: true });

/** Whether the folded button, where it shows (bottom right), would lie over a button the page keeps clear. */
async function wouldCoverKeptClear(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const summary = document.querySelector('summary[aria-label="Contáctanos"]')!.getBoundingClientRect();
    const corner = {
      left: innerWidth - 16 - summary.width,
      right: innerWidth - 16,
      top: innerHeight - 16 - 2 * summary.height - 12,
      bottom: innerHeight - 16,
    };
    return [...document.querySelectorAll("[data-keep-clear]")].some((element) => {
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 0 &&
        rect.right > corner.left &&
        rect.left < corner.right &&
        rect.bottom > corner.top &&
        rect.top < corner.bottom
      );
    });
  });
}

test("on a 390 px phone the folded button stays down where it would cover 'Agregar al Carrito'", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/producto/${PRODUCTS.croquetas.id}`);
  await waitForHydration(page);
  // The add button at the bottom of the screen, then a short scroll up, as a shopper does.
  await page.getByRole("button", { name: "Agregar al Carrito" }).evaluate((button) => {
    window.scrollTo(0, window.scrollY + button.getBoundingClientRect().bottom - innerHeight + 200);
  });
  await settle(page);
  await scrollTo(page, -150);
  expect(await wouldCoverKeptClear(page)).toBe(true);
  await expect(contactButton(page)).not.toBeInViewport();
  await expectNothingCovered(page, "after a scroll up with the add button under the corner");
});

for (const width of PHONE_WIDTHS) {
  test.describe(`${width} px phone`, () => {
    test.use(phone(width));

    for (const { name, path } of MAIN_PAGES) {
      test(`${name}: the floating button covers no text or field, at the top, at the end and after a scroll up`, async ({
        page,
      }) => {
        if (path === "/carrito") await addToCart(page, PRODUCTS.raton.id);
        await page.goto(path);
        await waitForHydration(page);
        await expectNothingCovered(page, "at the top after load");

        await scrollTo(page, "end");
        await expect(contactButton(page)).toBeInViewport();
        await settle(page);
        const atEnd = await expectNothingCovered(page, "at the end of the page");
        expect(atEnd.map((button) => button.label)).toEqual(["<summary> Contáctanos"]);

        const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        if (scrollable < 400) return;
        // Reading down the page it keeps away; a scroll up brings it back for a moment, then at rest it leaves.
        await scrollTo(page, "middle");
        await expect(contactButton(page)).not.toBeInViewport();
        await expectNothingCovered(page, "while reading down the page");
        await scrollTo(page, -150);
        if (await wouldCoverKeptClear(page)) {
          // Where it would cover 'Agregar al Carrito' or 'Avísame…', it stays down (issue 40).
          await expect(contactButton(page)).not.toBeInViewport();
        } else {
          await expect(contactButton(page)).toBeInViewport();
          await expect(contactButton(page)).not.toBeInViewport({ timeout: 6000 });
        }
        await settle(page);
        await expectNothingCovered(page, "at rest after a scroll up");
      });
    }
  });
}

test.describe("on a phone", () => {
  test.use(phone(390));

  test("the folded button opens on both actions and closes on a choice, on Escape and on a tap outside", async ({
    page,
  }) => {
    await page
      .context()
      .route("https://wa.me/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
      );
    await page.goto("/");
    await waitForHydration(page);
    await scrollTo(page, "end");
    const button = contactButton(page);
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole("link", { name: "Escríbenos por WhatsApp" })).toBeHidden();

    await button.click();
    expect(await isExpandedForScreenReaders(page, "Contáctanos")).toBe(true);
    const whatsapp = page.getByRole("link", { name: "Escríbenos por WhatsApp" });
    await expect(whatsapp).toBeVisible();
    await expect(whatsapp).toHaveText("WhatsApp");
    await expect(whatsapp).toHaveAttribute("href", WHATSAPP_URL);
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: "Abrir asistente virtual" })).toContainText("Asistente virtual");
    await settle(page);
    await page.screenshot({ path: "e2e-screens/contact-menu-mobile.png" });

    await page.keyboard.press("Escape");
    await expect(whatsapp).toBeHidden();
    expect(await isExpandedForScreenReaders(page, "Contáctanos")).toBe(false);
    await expect(button).toBeFocused();

    await button.click();
    await page.mouse.click(20, 300);
    await expect(whatsapp).toBeHidden();

    await button.click();
    const popup = page.waitForEvent("popup");
    await whatsapp.click();
    expect((await popup).url()).toBe(WHATSAPP_URL);
    await expect(whatsapp).toBeHidden();
  });

  test("'Asistente virtual' opens the chat over the bottom of the screen, below the header", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    await scrollTo(page, "end");
    await contactButton(page).click();
    await page.getByRole("button", { name: "Abrir asistente virtual" }).click();
    const panel = page.getByRole("dialog", { name: "Asistente Virtual" });
    await expect(panel).toBeVisible();
    await expect(panel.getByPlaceholder("Escribe tu mensaje...")).toBeFocused();
    const panelBox = (await panel.boundingBox())!;
    const headerBox = (await page.getByRole("banner").first().boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(8);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390 - 8);
    expect(panelBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(800);
    await settle(page);
    await page.screenshot({ path: "e2e-screens/chat-from-contact-menu-mobile.png" });

    await panel.getByRole("button", { name: "Cerrar asistente virtual" }).click();
    await expect(panel).toBeHidden();
    await expect(contactButton(page)).toBeFocused();
  });

  test("the button slides only when motion is welcome", async ({ page }) => {
    const transition = () =>
      contactButton(page).evaluate(
        (summary) => getComputedStyle(summary.closest("details")!.parentElement!).transitionProperty,
      );
    await page.goto("/");
    await waitForHydration(page);
    expect(await transition()).not.toBe("none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await transition()).toBe("none");
  });
});

test.describe("on a phone without JavaScript", () => {
  test.use({ ...phone(390), javaScriptEnabled: false });

  test("the folded button shows and reaches WhatsApp", async ({ page }) => {
    await page.goto("/producto/1");
    await expect(contactButton(page)).toBeInViewport();
    await contactButton(page).click();
    await expect(page.getByRole("link", { name: "Escríbenos por WhatsApp" })).toHaveAttribute("href", WHATSAPP_URL);
    // The assistant needs JavaScript: no button that would do nothing.
    await expect(page.getByRole("button", { name: /asistente virtual/ })).toHaveCount(0);
  });
});

test.describe("on a 1366 px desktop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("both actions show as buttons, at the top and at the end of the main pages, covering nothing", async ({
    page,
  }) => {
    await addToCart(page, PRODUCTS.raton.id);
    for (const { name, path } of MAIN_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Abrir asistente virtual" })).toBeInViewport();
      await expect(page.getByRole("link", { name: "Escríbenos por WhatsApp" })).toBeInViewport();
      await expect(contactButton(page)).toBeHidden();
      await expectNothingCovered(page, `${name}, at the top`);
      await scrollTo(page, "end");
      const buttons = await expectNothingCovered(page, `${name}, at the end`);
      expect(buttons.map((button) => button.label).sort()).toEqual([
        "<a> Escríbenos por WhatsApp",
        "<button> Abrir asistente virtual",
      ]);
    }
    await screenshot(page, "floating-buttons-desktop");
  });
});

/** The expanded state assistive technology reads (Chromium's accessibility tree), by the button's name. */
async function isExpandedForScreenReaders(page: Page, name: string): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send("Accessibility.getFullAXTree")) as {
    nodes: { name?: { value?: string }; properties?: { name: string; value: { value?: unknown } }[] }[];
  };
  await session.detach();
  const node = nodes.find((candidate) => candidate.name?.value === name);
  expect(node, `"${name}" in the accessibility tree`).toBeDefined();
  return node!.properties?.find((property) => property.name === "expanded")?.value.value === true;
}
