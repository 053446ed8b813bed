import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import {
  addToCart,
  cartBadge,
  cartLine,
  goBackFromWhatsApp,
  gotoCart,
  interceptWhatsApp,
  PRODUCTS,
  quantityInput,
  readStock,
  screenshotBeforeWhatsApp,
  screenshotFromTop,
  soles,
} from "./cart-support";
import { readLatestMail, toast } from "./support";

const { croquetas, snack, raton, cama } = PRODUCTS;
const whatsappButton = { name: "Enviar Pedido por WhatsApp (Coordinar Pago)" };

test("a guest fills the cart, uses the stepper, removes a line and sends the order by WhatsApp", async ({ page }) => {
  test.slow();
  await addToCart(page, croquetas.id, 2);
  await addToCart(page, raton.id);
  await addToCart(page, snack.id);
  await gotoCart(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de Compras");
  await expect(cartBadge(page)).toHaveText("4");
  const croquetasStock = await readStock(page, croquetas.title);
  expect(croquetasStock).toBeGreaterThan(3);

  // Croquetas are on offer: S/ 114.90 instead of S/ 129.90, 2 units.
  await expect(cartLine(page, croquetas.title)).toContainText(soles(2 * croquetas.unitCents));
  await expect(page.getByTestId("cart-total")).toHaveText(
    soles(2 * croquetas.unitCents + raton.unitCents + snack.unitCents),
  );

  await page.getByRole("button", { name: `Agregar una unidad de ${raton.title}` }).click();
  await expect(quantityInput(page, raton.title)).toHaveValue("2");
  await expect(cartBadge(page)).toHaveText("5");

  await quantityInput(page, croquetas.title).fill("3");
  await expect(cartBadge(page)).toHaveText("6");
  await page.getByRole("button", { name: `Quitar una unidad de ${croquetas.title}` }).click();
  await expect(quantityInput(page, croquetas.title)).toHaveValue("2");
  await expect(cartBadge(page)).toHaveText("5");

  await page.getByRole("button", { name: `Eliminar ${snack.title} del carrito` }).click();
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await expect(toast(page, "Producto Eliminado")).toContainText(`${snack.title} se ha eliminado del carrito.`);
  await expect(cartLine(page, snack.title)).toHaveCount(0);
  await expect(cartBadge(page)).toHaveText("4");
  const totalCents = 2 * croquetas.unitCents + 2 * raton.unitCents;
  await expect(page.getByTestId("cart-total")).toHaveText(soles(totalCents));

  // No method yet: 'Finalizar Pedido' waits, the WhatsApp button explains.
  await expect(page.getByRole("button", { name: "Finalizar Pedido" })).toBeDisabled();
  await page.getByLabel("Nombre completo").fill("Ana Torres");
  await page.getByLabel("Celular (WhatsApp)").fill("987 654 321");
  await page.getByRole("button", whatsappButton).click();
  await expect(toast(page, "Por favor, selecciona un método de pago.")).toBeVisible();
  await expect(toast(page, "Error")).toBeVisible();

  // The methods show their details; choosing one enables 'Finalizar Pedido'.
  const transfer = page.getByRole("radio", { name: /Transferencia Bancaria/ });
  await expect(page.getByText("CCI: 002-191-112345678012-55", { exact: false })).toBeVisible();
  await transfer.check();
  await expect(page.getByRole("button", { name: "Finalizar Pedido" })).toBeEnabled();

  // The shopper's contact is checked on the server, with the message next to the field.
  await page.getByLabel("Celular (WhatsApp)").fill("llámame");
  await page.getByRole("button", whatsappButton).click();
  await expect(page.getByText("Escribe solo números, por ejemplo 987 654 321.")).toBeVisible();
  await expect(page.getByLabel("Celular (WhatsApp)")).toHaveAttribute("aria-invalid", "true");
  await expect(transfer).toBeChecked();
  await screenshotFromTop(page, "cart-desktop");

  await page.getByLabel("Celular (WhatsApp)").fill("987 654 321");
  const whatsapp = await interceptWhatsApp(page);
  await page.getByRole("button", whatsappButton).click();
  // The confirmation and the toast show for a moment, then WhatsApp opens in this tab.
  await expect(toast(page, "Pedido enviado por WhatsApp")).toBeVisible();
  await expect(page.getByText("Abriendo WhatsApp con el detalle de tu pedido…")).toBeVisible();
  await screenshotBeforeWhatsApp(page, "cart-order-sent");
  const { phone, text } = await whatsapp.text;

  expect(phone).toBe("51924810866");
  const code = text.match(/PED-\d{6}/)?.[0];
  expect(code).toBeDefined();
  expect(text).toContain(`- ${croquetas.title} (x2): ${soles(2 * croquetas.unitCents)}`);
  expect(text).toContain(`- ${raton.title} (x2): ${soles(2 * raton.unitCents)}`);
  expect(text).not.toContain(snack.title);
  expect(text).toContain(`Total: ${soles(totalCents)}`);
  expect(text).toContain("Método de pago: Transferencia Bancaria");
  expect(text).toContain("BCP Soles: 191-12345678-0-12\nCCI: 002-191-112345678012-55");
  expect(text).toContain("Ana Torres");
  await expect(page).toHaveURL(/^https:\/\/wa\.me\//);

  // Back from WhatsApp: the confirmation with the code, an empty cart, no reopening.
  await goBackFromWhatsApp(page);
  await expect(page).toHaveURL(new RegExp(`/carrito\\?pedido=${code}$`));
  await expect(page.getByRole("heading", { name: "¡Pedido registrado!" })).toBeVisible();
  await expect(page.getByTestId("order-code")).toHaveText(code!);
  await expect(page.getByRole("link", { name: "Abrir WhatsApp de nuevo" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/51924810866\?text=/,
  );
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Tu Carrito está Vacío" })).toHaveCount(0);

  // The order took its units from the stock.
  await addToCart(page, croquetas.id);
  await gotoCart(page);
  expect(await readStock(page, croquetas.title)).toBe(croquetasStock - 2);

  // Another browser cannot read this order's confirmation.
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(new URL(`/carrito?pedido=${code}`, page.url()).toString());
  await expect(stranger.getByRole("heading", { name: "¡Pedido registrado!" })).toHaveCount(0);
  await expect(stranger.getByRole("heading", { name: "Tu Carrito está Vacío" })).toBeVisible();
  await stranger.close();
});

test("at 360 px the cart is usable and has no serious accessibility violation", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await addToCart(page, croquetas.id);
  await addToCart(page, raton.id, 3);
  await gotoCart(page);
  await expect(cartLine(page, raton.title)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.getByRole("radio", { name: /Yape/ }).check();
  await screenshotFromTop(page, "cart-mobile-360");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(blocking).toEqual([]);
});

test("'Vaciar Carrito' empties the cart and offers the products", async ({ page }) => {
  await addToCart(page, raton.id, 2);
  await addToCart(page, snack.id);
  await gotoCart(page);
  await page.getByRole("button", { name: "Vaciar Carrito" }).click();
  await expect(toast(page, "Carrito Vacío")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tu Carrito está Vacío" })).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
  await screenshotFromTop(page, "cart-empty");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Tu Carrito está Vacío" })).toBeVisible();
  await page.getByRole("link", { name: "Ver Productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);
});

test("the cart keeps a line within the stock and says why", async ({ page }) => {
  await addToCart(page, raton.id);
  await gotoCart(page);
  const stock = await readStock(page, raton.title);
  const refused = await page.request.post("/carrito", {
    form: { intent: "add", productId: String(raton.id), quantity: String(stock) },
  });
  expect(refused.status()).toBe(409);
  await quantityInput(page, raton.title).fill(String(stock + 5));
  await expect(toast(page, "Stock insuficiente")).toBeVisible();
  // The line holds all the stock there is now. Other tests running alongside may have
  // ordered a few Ratones since the stock was read, so "now" is read again.
  await expect(async () => {
    const stockNow = await readStock(page, raton.title);
    expect(stockNow).toBeLessThanOrEqual(stock);
    expect(stockNow).toBeGreaterThan(0);
    await expect(quantityInput(page, raton.title)).toHaveValue(String(stockNow), { timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await expect(page.getByRole("button", { name: `Agregar una unidad de ${raton.title}` })).toBeDisabled();
  await quantityInput(page, raton.title).fill("0");
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tu Carrito está Vacío" })).toBeVisible();
});

test("a signed-in customer finds their name filled in and 'Finalizar Pedido' places the order", async ({ page }) => {
  const email = `cliente-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pe`;
  // Registered through the shop's form at /auth and the e-mailed activation link; the session
  // cookie lands in the page's context.
  const signUp = await page.request.post("/auth", {
    form: {
      intent: "register",
      fullName: "Lucía Quispe",
      email,
      password: "secreto123",
      confirmPassword: "secreto123",
      acceptsPrivacy: "on",
    },
  });
  expect(signUp.ok()).toBe(true);
  const token = /\/auth\/activar\?token=([\w-]+)/.exec(await readLatestMail(email, "/auth/activar?token="))![1]!;
  const activated = await page.request.post(`/auth/activar?token=${token}`, {
    form: { token, password: "secreto123" },
  });
  expect(activated.ok()).toBe(true);
  expect(new URL(activated.url()).pathname).toBe("/perfil");
  await addToCart(page, snack.id, 2);
  await gotoCart(page);
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Lucía Quispe");
  await page.getByLabel("Celular (WhatsApp)").fill("912345678");
  await page.getByRole("radio", { name: /Plin/ }).check();
  const whatsapp = await interceptWhatsApp(page);
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  const { text } = await whatsapp.text;
  expect(text).toContain(`- ${snack.title} (x2): ${soles(2 * snack.unitCents)}`);
  expect(text).toContain("Método de pago: Plin");
  expect(text).toContain("Plinea al 924 810 866");
  const code = text.match(/PED-\d{6}/)![0];
  await goBackFromWhatsApp(page);
  await expect(page.getByTestId("order-code")).toHaveText(code);
});

test("two shoppers behind one address racing for its share of a product: exactly one order goes through", async ({
  browser,
}) => {
  test.slow();
  const shoppers = await Promise.all([browser.newPage(), browser.newPage()]);
  await addToCart(shoppers[0]!, cama.id);
  await gotoCart(shoppers[0]!);
  const stock = await readStock(shoppers[0]!, cama.title);
  // Both come from this machine's address: within the hour they share one shopper's share of
  // the product (10 units or half the stock, whichever is smaller), and each asks for all of it.
  const wanted = Math.min(10, Math.floor(stock / 2));
  expect(wanted).toBeGreaterThanOrEqual(2);
  await addToCart(shoppers[0]!, cama.id, wanted - 1);
  await addToCart(shoppers[1]!, cama.id, wanted);

  const intercepted = await Promise.all(
    shoppers.map(async (page, index) => {
      await gotoCart(page);
      await expect(quantityInput(page, cama.title)).toHaveValue(String(wanted));
      await page.getByRole("radio", { name: /Yape/ }).check();
      await page.getByLabel("Nombre completo").fill(`Comprador ${index + 1}`);
      await page.getByLabel("Celular (WhatsApp)").fill(`987 000 00${index + 1}`);
      return interceptWhatsApp(page);
    }),
  );
  await Promise.all(shoppers.map((page) => page.getByRole("button", whatsappButton).click()));

  const outcomes = await Promise.all(
    shoppers.map(async (page, index) =>
      Promise.race([
        intercepted[index]!.text.then(() => "ordered"),
        toast(page, "Cantidad máxima por pedido")
          .waitFor()
          .then(() => "refused"),
      ]),
    ),
  );
  expect([...outcomes].sort()).toEqual(["ordered", "refused"]);

  const loser = shoppers[outcomes.indexOf("refused")]!;
  const winner = shoppers[outcomes.indexOf("ordered")]!;
  await expect(winner).toHaveURL(/^https:\/\/wa\.me\//);
  await expect(loser.getByRole("alert").filter({ hasText: "No pudimos registrar tu pedido" })).toContainText(
    `${cama.title}: ya tienes ${wanted} unidades en pedidos sin pagar de la última hora, el máximo por ahora.`,
  );
  // The loser's cart is kept as chosen, shows the stock the winner left and the limit per order.
  await expect(quantityInput(loser, cama.title)).toHaveValue(String(wanted));
  await expect(quantityInput(loser, cama.title)).toHaveAttribute("max", String(stock - wanted));
  await expect(cartLine(loser, cama.title)).toContainText(
    "de este producto por pedido. Para cantidades mayores, escríbenos por WhatsApp.",
  );
  await screenshotFromTop(loser, "cart-race-refused");
  await Promise.all(shoppers.map((page) => page.close()));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart's plain forms add, change, remove and send the order", async ({ page }) => {
    test.slow();
    // The first add of a new browser: the answer is the cart page with the new line.
    const html = await addToCart(page, raton.id);
    expect(html).toContain(`${raton.title} se ha añadido al carrito.`);
    expect(html).toContain(`data-testid="cart-total">${soles(raton.unitCents)}<`);

    await page.goto("/carrito");
    await page.getByRole("button", { name: `Agregar una unidad de ${raton.title}` }).click();
    await expect(quantityInput(page, raton.title)).toHaveValue("2");
    await quantityInput(page, raton.title).fill("4");
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(quantityInput(page, raton.title)).toHaveValue("4");
    await expect(page.getByTestId("cart-total")).toHaveText(soles(4 * raton.unitCents));

    await addToCart(page, snack.id);
    await page.goto("/carrito");
    await page.getByRole("button", { name: `Eliminar ${snack.title} del carrito` }).click();
    await expect(page.getByRole("alert")).toContainText("Producto Eliminado");
    await expect(cartLine(page, snack.title)).toHaveCount(0);

    // Without a method the server answers with the spec's message.
    await page.getByLabel("Nombre completo").fill("Pedro Ramos");
    await page.getByLabel("Celular (WhatsApp)").fill("987654321");
    await page.getByRole("button", { name: "Finalizar Pedido" }).click();
    await expect(page.getByRole("alert")).toContainText("Por favor, selecciona un método de pago.");

    await page.getByRole("radio", { name: /Yape/ }).check();
    await page.getByRole("button", whatsappButton).click();
    await expect(page.getByRole("heading", { name: "¡Pedido registrado!" })).toBeVisible();
    const code = await page.getByTestId("order-code").textContent();
    expect(code).toMatch(/^PED-\d{6}$/);
    const link = await page.getByRole("link", { name: "Abrir WhatsApp", exact: true }).getAttribute("href");
    const text = new URL(link!).searchParams.get("text")!;
    expect(text).toContain(code!);
    expect(text).toContain(`- ${raton.title} (x4): ${soles(4 * raton.unitCents)}`);
    expect(text).toContain("Método de pago: Yape");
    await screenshotFromTop(page, "cart-confirmation-no-js");
  });
});
