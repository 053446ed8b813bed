import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import {
  addressOfTest,
  addToCart,
  cartBadge,
  cartLine,
  checkoutForm,
  CHOOSE_METHOD_LABEL,
  chooseDistrict,
  chooseFactura,
  chooseFulfillment,
  closeToast,
  districtSelect,
  expectSummary,
  finishButton,
  goBackFromWhatsApp,
  gotoCart,
  interceptWhatsApp,
  PRODUCTS,
  quantityInput,
  readStock,
  screenshotBeforeWhatsApp,
  screenshotFromTop,
  soles,
  uniquePhone,
  waitForOrderPage,
  whatsappButton,
} from "./cart-support";
import { readLatestMail, toast } from "./support";

const { croquetas, snack, raton, cama } = PRODUCTS;
const SHOP_WHATSAPP = "51924810866";
// The demo shop's districts (app/domain/demo-shop/demo-delivery.ts).
const MIRAFLORES = { district: "Miraflores", feeCents: 700, freeFromCents: 10000 };
const SURCO = { district: "Santiago de Surco", feeCents: 1000, minimumCents: 4000, freeFromCents: 10000 };
const VALID_RUC = "20100047218";

// Each test is a shopper on an address of its own, as shoppers are: the limits on unpaid units
// per address would otherwise make one test's orders refuse another's.
test.use({
  // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": addressOfTest(testInfo) });
  },
});

test("a guest chooses delivery, sees the fee in the total, fixes a refused factura and sends the order by WhatsApp", async ({
  page,
}) => {
  test.slow();
  // A small cart first: delivery to Miraflores costs S/ 7.00 and the total adds it.
  await addToCart(page, snack.id);
  await addToCart(page, raton.id);
  await gotoCart(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de Compras");
  await expect(cartBadge(page)).toHaveText("2");
  const smallCents = snack.unitCents + raton.unitCents;
  await expectSummary(page, [
    ["Productos (2 productos)", soles(smallCents)],
    ["Total", soles(smallCents)],
  ]);

  // No method yet: both buttons say so and take the shopper to the methods, nothing is sent.
  const chooseMethod = page.getByRole("button", { name: CHOOSE_METHOD_LABEL });
  await expect(chooseMethod).toHaveCount(2);
  await expect(chooseMethod.first()).toBeEnabled();
  await expect(page.getByRole("button", finishButton)).toHaveCount(0);
  await chooseMethod.last().click();
  await expect(page.getByRole("group", { name: "Método de pago" }).getByRole("radio").first()).toBeFocused();
  await expect(page).toHaveURL(/\/carrito$/);

  // '¿Cómo quieres recibir tu pedido?': nothing chosen, no delivery field shown.
  await expect(page.getByRole("group", { name: "¿Cómo quieres recibir tu pedido?" })).toBeVisible();
  await expect(districtSelect(page)).toBeHidden();
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await expectSummary(page, [
    ["Productos (2 productos)", soles(smallCents)],
    ["Costo de envío", "Elige tu distrito"],
    ["Total", soles(smallCents)],
  ]);
  await expect(districtSelect(page).locator("option")).toContainText([
    "Elige tu distrito",
    `Miraflores — ${soles(MIRAFLORES.feeCents)}`,
    `Santiago de Surco — ${soles(SURCO.feeCents)}`,
    "Otro distrito",
  ]);
  await chooseDistrict(page, MIRAFLORES.district);
  await expect(checkoutForm(page).getByText(`Envío gratis desde ${soles(MIRAFLORES.freeFromCents)}`)).toBeVisible();
  await expectSummary(page, [
    ["Productos (2 productos)", soles(smallCents)],
    ["Costo de envío (Miraflores)", soles(MIRAFLORES.feeCents)],
    ["Total", soles(smallCents + MIRAFLORES.feeCents)],
  ]);
  await expect(page.getByLabel("Dirección", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Referencia (opcional)")).toBeVisible();
  await screenshotFromTop(page, "cart-delivery-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshotFromTop(page, "cart-delivery-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  // A district the shop does not serve: said so, with a WhatsApp link to ask.
  await chooseDistrict(page, "Otro distrito");
  await expect(checkoutForm(page).getByText("Aún no llegamos a tu distrito")).toBeVisible();
  await expect(page.getByRole("link", { name: "Pregúntanos por WhatsApp si podemos llegar" })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/${SHOP_WHATSAPP}\\?text=`),
  );

  // Pickup: the shop's address and hours, no fee.
  await chooseFulfillment(page, { kind: "pickup" });
  const pickup = page.getByRole("group", { name: "¿Cómo quieres recibir tu pedido?" });
  await expect(pickup.getByText("Av. Primavera 1234, Santiago de Surco, Lima")).toBeVisible();
  await expect(pickup.getByText("Lunes a Sábado: 9:00 AM - 7:00 PM", { exact: false })).toBeVisible();
  await expect(districtSelect(page)).toBeHidden();
  await expectSummary(page, [
    ["Productos (2 productos)", soles(smallCents)],
    ["Recojo en tienda", "Sin costo"],
    ["Total", soles(smallCents)],
  ]);

  // A bigger cart (a fresh page: nothing chosen yet). The stepper, the quantity field, removing a line.
  await addToCart(page, croquetas.id, 2);
  await gotoCart(page);
  await expect(cartBadge(page)).toHaveText("4");
  const croquetasStock = await readStock(page, croquetas.title);
  expect(croquetasStock).toBeGreaterThan(3);
  // Croquetas are on offer: S/ 114.90 instead of S/ 129.90, 2 units.
  await expect(cartLine(page, croquetas.title)).toContainText(soles(2 * croquetas.unitCents));
  await expect(page.getByTestId("cart-total")).toHaveText(
    soles(2 * croquetas.unitCents + raton.unitCents + snack.unitCents),
  );

  await page.getByRole("button", { name: `Agregar una unidad de ${snack.title}` }).click();
  await expect(quantityInput(page, snack.title)).toHaveValue("2");
  await expect(cartBadge(page)).toHaveText("5");

  await quantityInput(page, croquetas.title).fill("3");
  await expect(cartBadge(page)).toHaveText("6");
  await page.getByRole("button", { name: `Quitar una unidad de ${croquetas.title}` }).click();
  await expect(quantityInput(page, croquetas.title)).toHaveValue("2");
  await expect(cartBadge(page)).toHaveText("5");

  await page.getByRole("button", { name: `Eliminar ${raton.title} del carrito` }).click();
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await expect(toast(page, "Producto Eliminado")).toContainText(`${raton.title} se ha eliminado del carrito.`);
  await expect(cartLine(page, raton.title)).toHaveCount(0);
  await expect(cartBadge(page)).toHaveText("4");
  const productsCents = 2 * croquetas.unitCents + 2 * snack.unitCents;

  // Over S/ 100.00 of products, delivery to Miraflores is free.
  await chooseFulfillment(page, {
    kind: "delivery",
    district: MIRAFLORES.district,
    address: "Av. Larco 345, dpto. 1201",
    reference: "Frente al parque Kennedy",
  });
  await expectSummary(page, [
    ["Productos (4 productos)", soles(productsCents)],
    ["Costo de envío (Miraflores)", "Gratis"],
    ["Total", soles(productsCents)],
  ]);

  // The methods show their details; choosing one names the two buttons.
  const transfer = page.getByRole("radio", { name: /Transferencia Bancaria/ });
  await expect(page.getByText("CCI: 002-191-112345678012-55", { exact: false })).toBeVisible();
  await transfer.check();
  await expect(page.getByRole("button", finishButton)).toBeEnabled();
  await expect(page.getByRole("button", whatsappButton)).toBeEnabled();
  await expect(chooseMethod).toHaveCount(0);

  // A factura with a short RUC and nothing else, and a phone in words: every message at once,
  // beside its field, and everything chosen and typed is kept.
  await page.getByLabel("Nombre completo").fill("Ana Torres");
  await page.getByLabel("Celular (WhatsApp)").fill("llámame");
  await chooseFactura(page, { ruc: "2010004721" });
  await page.getByRole("button", whatsappButton).click();
  await expect(toast(page, "Error de Validación")).toContainText("Revisa los datos marcados en el formulario.");
  await expect(page.locator("#checkout-ruc-error")).toHaveText("El RUC debe tener 11 dígitos.");
  await expect(page.locator("#checkout-razonSocial-error")).toHaveText("La razón social es obligatoria para factura.");
  await expect(page.locator("#checkout-direccionFiscal-error")).toHaveText(
    "La dirección fiscal es obligatoria para factura.",
  );
  await expect(page.locator("#checkout-customerPhone-error")).toHaveText(
    "Escribe solo números, por ejemplo 987 654 321.",
  );
  for (const label of ["RUC", "Razón social", "Dirección fiscal", "Celular (WhatsApp)"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
  }
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole("radio", { name: "Delivery", exact: true })).toBeChecked();
  await expect(districtSelect(page).locator("option:checked")).toHaveText(`Miraflores — ${soles(MIRAFLORES.feeCents)}`);
  await expect(page.getByLabel("Dirección", { exact: true })).toHaveValue("Av. Larco 345, dpto. 1201");
  await expect(page.getByLabel("Referencia (opcional)")).toHaveValue("Frente al parque Kennedy");
  await expect(page.getByRole("radio", { name: "Factura", exact: true })).toBeChecked();
  await expect(page.getByLabel("RUC", { exact: true })).toHaveValue("2010004721");
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana Torres");
  await expect(page.getByLabel("Celular (WhatsApp)")).toHaveValue("llámame");
  await expect(transfer).toBeChecked();
  await expect(page.getByRole("button", finishButton)).toBeEnabled();
  await expectSummary(page, [
    ["Productos (4 productos)", soles(productsCents)],
    ["Costo de envío (Miraflores)", "Gratis"],
    ["Total", soles(productsCents)],
  ]);
  await closeToast(page, "Error de Validación");
  await screenshotFromTop(page, "cart-desktop");

  // Eleven digits with a wrong check digit: not a RUC. The fixed fields lose their messages.
  const phone = uniquePhone();
  await page.getByLabel("Celular (WhatsApp)").fill(phone);
  await chooseFactura(page, {
    ruc: "20100047219",
    razonSocial: "Inversiones Patitas S.A.C.",
    direccionFiscal: "Av. Arequipa 1500, Lince, Lima",
  });
  await page.getByRole("button", whatsappButton).click();
  await expect(page.locator("#checkout-ruc-error")).toHaveText("El RUC no es válido.");
  await expect(page.locator("#checkout-razonSocial-error")).toHaveCount(0);
  await expect(page.locator("#checkout-customerPhone-error")).toHaveCount(0);
  await expect(page.getByLabel("Razón social")).toHaveValue("Inversiones Patitas S.A.C.");

  await page.getByLabel("RUC", { exact: true }).fill(VALID_RUC);
  const whatsapp = await interceptWhatsApp(page);
  await page.getByRole("button", whatsappButton).click();
  // The order's page shows with the toast for a moment, then WhatsApp opens in this tab.
  const code = await waitForOrderPage(page);
  await expect(toast(page, "Pedido enviado por WhatsApp")).toBeVisible();
  await expect(page.getByText("Abriendo WhatsApp con el detalle de tu pedido…")).toBeVisible();
  await screenshotBeforeWhatsApp(page, "cart-order-sent");
  const { phone: shopPhone, text } = await whatsapp.text;

  expect(shopPhone).toBe(SHOP_WHATSAPP);
  expect(text).toContain(`Pedido: ${code}`);
  expect(text).toContain(`- ${croquetas.title} (x2): ${soles(2 * croquetas.unitCents)}`);
  expect(text).toContain(`- ${snack.title} (x2): ${soles(2 * snack.unitCents)}`);
  expect(text).not.toContain(raton.title);
  expect(text).toContain(
    [`Subtotal: ${soles(productsCents)}`, "Costo de envío: gratis", `Total: ${soles(productsCents)}`].join("\n"),
  );
  expect(text).toContain(
    [
      "Entrega: Delivery a Miraflores",
      "Dirección: Av. Larco 345, dpto. 1201",
      "Referencia: Frente al parque Kennedy",
    ].join("\n"),
  );
  expect(text).toContain(
    [
      `Comprobante: Factura, RUC ${VALID_RUC}`,
      "Razón social: Inversiones Patitas S.A.C.",
      "Dirección fiscal: Av. Arequipa 1500, Lince, Lima",
    ].join("\n"),
  );
  expect(text).toContain("Método de pago: Transferencia Bancaria");
  expect(text).toContain("BCP Soles: 191-12345678-0-12\nCCI: 002-191-112345678012-55");
  expect(text).toContain("A nombre de: Ana Torres");
  expect(text).toContain(`Teléfono: ${phone}`);
  const link = new RegExp(`Ver mi pedido: (https?://\\S+/pedido/${code}\\?t=[\\w-]+)`).exec(text)?.[1];
  expect(link).toBeDefined();
  await expect(page).toHaveURL(/^https:\/\/wa\.me\//);

  // Back from WhatsApp: the order's page, an empty cart, no reopening.
  await goBackFromWhatsApp(page);
  await expect(page).toHaveURL(new RegExp(`/pedido/${code}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Pendiente de pago");
  await expect(page.getByTestId("order-total")).toHaveText(soles(productsCents));
  const details = page.getByRole("region", { name: "Entrega y comprobante" });
  await expect(details).toContainText("Miraflores");
  await expect(details).toContainText("Av. Larco 345, dpto. 1201");
  await expect(details).toContainText(`Factura · RUC ${VALID_RUC}`);
  await expect(page.getByText("Envíanos el detalle por WhatsApp para coordinar el pago y la entrega.")).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);

  // The cart's old confirmation address leads to the order's page.
  await page.goto(`/carrito?pedido=${code}`);
  await expect(page).toHaveURL(new RegExp(`/pedido/${code}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();

  // The order took its units from the stock.
  await addToCart(page, croquetas.id);
  await gotoCart(page);
  expect(await readStock(page, croquetas.title)).toBe(croquetasStock - 2);

  // Another browser gets the 404 page, by either address; the message's link opens the order.
  const stranger = await page.context().browser()!.newPage();
  const response = await stranger.goto(new URL(`/pedido/${code}`, page.url()).toString());
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await stranger.goto(new URL(`/carrito?pedido=${code}`, page.url()).toString());
  await expect(stranger.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  const byLink = new URL(link!);
  await stranger.goto(new URL(`${byLink.pathname}${byLink.search}`, page.url()).toString());
  await expect(stranger.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
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
  // Every field of the checkout shown: delivery with its district, a factura, a method.
  await chooseFulfillment(page, { kind: "delivery", district: MIRAFLORES.district });
  await chooseFactura(page, {});
  await page.getByRole("radio", { name: /Yape/ }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
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
  // A product with fewer units than a line's maximum (99), so that the stock is what stops it.
  await addToCart(page, snack.id);
  await gotoCart(page);
  const stock = await readStock(page, snack.title);
  const refused = await page.request.post("/carrito", {
    form: { intent: "add", productId: String(snack.id), quantity: String(stock) },
  });
  expect(refused.status()).toBe(409);
  await quantityInput(page, snack.title).fill(String(stock + 5));
  await expect(toast(page, "Stock insuficiente")).toBeVisible();
  // The line holds all the stock there was when it was changed, not the 5 more typed. Other
  // tests running alongside may order a few Snacks before or after that change (CI saw the
  // line at 60 with 58 left), so it lies between what is left now and what was read before.
  await expect(async () => {
    const stockNow = await readStock(page, snack.title);
    const held = Number(await quantityInput(page, snack.title).inputValue());
    expect(stockNow).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(stock);
    expect(held).toBeGreaterThanOrEqual(stockNow);
  }).toPass({ timeout: 5_000 });
  await expect(page.getByRole("button", { name: `Agregar una unidad de ${snack.title}` })).toBeDisabled();
  await quantityInput(page, snack.title).fill("0");
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tu Carrito está Vacío" })).toBeVisible();
});

test("a signed-in customer finds their details filled in and 'Finalizar Pedido' opens the order's page", async ({
  page,
}) => {
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
  await expect(page.getByLabel("Correo electrónico (opcional)")).toHaveValue(email);
  await page.getByLabel("Celular (WhatsApp)").fill("912345678");
  await chooseFulfillment(page, { kind: "delivery", district: MIRAFLORES.district, address: "Calle Schell 120" });
  const productsCents = 2 * snack.unitCents;
  await expectSummary(page, [
    ["Productos (2 productos)", soles(productsCents)],
    ["Costo de envío (Miraflores)", soles(MIRAFLORES.feeCents)],
    ["Total", soles(productsCents + MIRAFLORES.feeCents)],
  ]);
  await page.getByRole("radio", { name: /Plin/ }).check();
  await page.getByRole("button", finishButton).click();

  // The order's page, with no detour through WhatsApp: how to pay, the fee, the total.
  const code = await waitForOrderPage(page);
  await expect(page).toHaveURL(new RegExp(`/pedido/${code}$`));
  await expect(toast(page, "¡Pedido registrado!")).toContainText(`Tu pedido ${code} quedó registrado.`);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Pendiente de pago");
  await expect(page.getByTestId("payment-details")).toContainText("Plinea al 924 810 866");
  const summary = page.getByRole("region", { name: "Productos", exact: true });
  await expect(summary).toContainText(snack.title);
  await expect(summary.locator("dd")).toHaveText([
    soles(productsCents),
    soles(MIRAFLORES.feeCents),
    soles(productsCents + MIRAFLORES.feeCents),
  ]);
  const details = page.getByRole("region", { name: "Entrega y comprobante" });
  await expect(details).toContainText("Miraflores");
  await expect(details).toContainText("Calle Schell 120");
  await expect(details).toContainText("Boleta");
  await expect(page.getByText("Envíanos el detalle por WhatsApp para coordinar el pago y la entrega.")).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
  // 'Mis Pedidos' links to it.
  await page.goto("/perfil?tab=pedidos");
  await page.getByRole("link", { name: `Ver pedido ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${code}$`));
});

test("below a district's minimum the order is refused, and goes through once the products reach it", async ({
  page,
}) => {
  await addToCart(page, snack.id);
  await gotoCart(page);
  await chooseFulfillment(page, {
    kind: "delivery",
    district: SURCO.district,
    address: "Av. Caminos del Inca 1500",
  });
  const minimum = `Pedido mínimo para Santiago de Surco: ${soles(SURCO.minimumCents)}`;
  await expect(
    checkoutForm(page).getByText(`${minimum} · Envío gratis desde ${soles(SURCO.freeFromCents)}`),
  ).toBeVisible();
  await expectSummary(page, [
    ["Productos (1 producto)", soles(snack.unitCents)],
    ["Costo de envío (Santiago de Surco)", soles(SURCO.feeCents)],
    ["Total", soles(snack.unitCents + SURCO.feeCents)],
  ]);
  // As soon as the district is chosen the checkout says what is missing, and both buttons wait.
  const missing = `Te faltan ${soles(SURCO.minimumCents - snack.unitCents)} para el pedido mínimo en Santiago de Surco`;
  await expect(checkoutForm(page).getByRole("status").filter({ hasText: missing })).toBeVisible();
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByLabel("Nombre completo").fill("Rosa Huamán");
  await page.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
  await expect(page.getByRole("button", finishButton)).toBeDisabled();
  await expect(page.getByRole("button", whatsappButton)).toBeDisabled();
  await expect(page.locator("#checkout-buttons-hint")).toHaveText(missing);
  await screenshotFromTop(page, "cart-below-minimum");

  // The server refuses it too (a form sent before the scripts arrive): the message under the
  // district, everything kept.
  await checkoutForm(page).evaluate((form: HTMLFormElement) => {
    for (const button of form.querySelectorAll("button")) button.disabled = false;
  });
  await page.getByRole("button", finishButton).click();
  await expect(toast(page, "Error")).toContainText(missing);
  await expect(page.locator("#checkout-deliveryZoneId-error")).toHaveText(missing);
  await expect(districtSelect(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(districtSelect(page).locator("option:checked")).toHaveText(
    `Santiago de Surco — ${soles(SURCO.feeCents)}`,
  );
  await expect(page.getByLabel("Dirección", { exact: true })).toHaveValue("Av. Caminos del Inca 1500");
  await expect(page.getByRole("radio", { name: /Yape/ })).toBeChecked();
  await expect(cartBadge(page)).toHaveText("1");
  await closeToast(page, "Error");

  // A second unit reaches the minimum: the fee is charged and the order goes through.
  await page.getByRole("button", { name: `Agregar una unidad de ${snack.title}` }).click();
  await expect(quantityInput(page, snack.title)).toHaveValue("2");
  const productsCents = 2 * snack.unitCents;
  await expectSummary(page, [
    ["Productos (2 productos)", soles(productsCents)],
    ["Costo de envío (Santiago de Surco)", soles(SURCO.feeCents)],
    ["Total", soles(productsCents + SURCO.feeCents)],
  ]);
  await page.getByRole("button", finishButton).click();
  const code = await waitForOrderPage(page);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(soles(productsCents + SURCO.feeCents));
  await expect(page.getByRole("region", { name: "Entrega y comprobante" })).toContainText("Santiago de Surco");
});

test("two shoppers behind one address racing for its share of a product: exactly one order goes through", async ({
  browser,
}, testInfo) => {
  test.slow();
  const behindOneAddress = { extraHTTPHeaders: { "X-Forwarded-For": addressOfTest(testInfo) } };
  const shoppers = await Promise.all([browser.newPage(behindOneAddress), browser.newPage(behindOneAddress)]);
  await addToCart(shoppers[0]!, cama.id);
  await gotoCart(shoppers[0]!);
  const stock = await readStock(shoppers[0]!, cama.title);
  // Both come from one address (this test's own): within the hour they share one shopper's share of
  // the product (10 units or half the stock, whichever is smaller), and each asks for all of it.
  const wanted = Math.min(10, Math.floor(stock / 2));
  expect(wanted).toBeGreaterThanOrEqual(2);
  await addToCart(shoppers[0]!, cama.id, wanted - 1);
  await addToCart(shoppers[1]!, cama.id, wanted);

  const intercepted = await Promise.all(
    shoppers.map(async (page, index) => {
      await gotoCart(page);
      await expect(quantityInput(page, cama.title)).toHaveValue(String(wanted));
      await chooseFulfillment(page, { kind: "pickup" });
      await page.getByRole("radio", { name: /Yape/ }).check();
      await page.getByLabel("Nombre completo").fill(`Comprador ${index + 1}`);
      await page.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
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
  const { text } = await intercepted[outcomes.indexOf("ordered")]!.text;
  expect(text).toContain(`- ${cama.title} (x${wanted}): ${soles(wanted * cama.unitCents)}`);
  expect(text).toContain("Recojo en tienda: sin costo");
  expect(text).toContain("Entrega: Recojo en tienda");
  await expect(loser.getByRole("alert").filter({ hasText: "No pudimos registrar tu pedido" })).toContainText(
    `${cama.title}: ya tienes ${wanted} unidades en pedidos sin pagar de la última hora, el máximo por ahora.`,
  );
  // The loser's cart and choices are kept, the cart shows the stock the winner left and the limit per order.
  await expect(loser).toHaveURL(/\/carrito$/);
  await expect(loser.getByRole("radio", { name: /^Recojo en tienda/ })).toBeChecked();
  await expect(loser.getByRole("radio", { name: /Yape/ })).toBeChecked();
  await expect(quantityInput(loser, cama.title)).toHaveValue(String(wanted));
  await expect(quantityInput(loser, cama.title)).toHaveAttribute("max", String(stock - wanted));
  await expect(cartLine(loser, cama.title)).toContainText(
    "de este producto por pedido. Para cantidades mayores, escríbenos por WhatsApp.",
  );
  await closeToast(loser, "Cantidad máxima por pedido");
  await screenshotFromTop(loser, "cart-race-refused");
  await Promise.all(shoppers.map((page) => page.close()));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart's plain forms add, change, remove, choose delivery and place the order", async ({ page }) => {
    test.slow();
    // The first add of a new browser: the answer is the cart page with the new line.
    const html = await addToCart(page, raton.id);
    expect(html).toContain(`${raton.title} se ha añadido al carrito.`);
    expect(html).toContain(`data-testid="cart-total">${soles(raton.unitCents)}<`);

    await page.goto("/carrito");
    await page.getByRole("button", { name: `Agregar una unidad de ${raton.title}` }).click();
    await expect(quantityInput(page, raton.title)).toHaveValue("2");
    await quantityInput(page, raton.title).fill("3");
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(quantityInput(page, raton.title)).toHaveValue("3");
    const productsCents = 3 * raton.unitCents;
    await expect(page.getByTestId("cart-total")).toHaveText(soles(productsCents));

    await addToCart(page, snack.id);
    await page.goto("/carrito");
    await page.getByRole("button", { name: `Eliminar ${snack.title} del carrito` }).click();
    await expect(page.getByRole("alert")).toContainText("Producto Eliminado");
    await expect(cartLine(page, snack.title)).toHaveCount(0);

    // The checkout is drawn in the page's HTML, not by a script.
    await expect(checkoutForm(page)).toBeVisible();

    // Without a method the server answers with the spec's message.
    const phone = uniquePhone();
    await page.getByLabel("Nombre completo").fill("Pedro Ramos");
    await page.getByLabel("Celular (WhatsApp)").fill(phone);
    await page.getByRole("button", finishButton).click();
    await expect(page.getByRole("alert")).toContainText("Por favor, selecciona un método de pago.");

    // Nor pickup nor delivery: asked beside the choice, the rest kept.
    await page.getByRole("radio", { name: /Yape/ }).check();
    await page.getByRole("button", finishButton).click();
    await expect(page.getByRole("alert")).toContainText("Revisa los datos marcados en el formulario.");
    await expect(page.locator("#checkout-fulfillment-error")).toHaveText("Elige cómo quieres recibir tu pedido.");
    await expect(page.getByRole("radio", { name: /Yape/ })).toBeChecked();
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Pedro Ramos");
    await expect(districtSelect(page)).toBeHidden();

    // The delivery fields show by CSS once 'Delivery' is checked; a boleta with a DNI.
    await chooseFulfillment(page, {
      kind: "delivery",
      district: MIRAFLORES.district,
      address: "Jr. Colina 250",
      reference: "Casa de rejas blancas",
    });
    await page.getByLabel("DNI o carné de extranjería (opcional)").fill("12345678");
    await screenshotFromTop(page, "cart-delivery-no-js");
    await page.getByRole("button", whatsappButton).click();

    // The order's page: without JavaScript WhatsApp is a link to follow.
    const code = await waitForOrderPage(page);
    await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(soles(productsCents + MIRAFLORES.feeCents));
    const link = await page.getByRole("link", { name: "Enviar Pedido por WhatsApp" }).getAttribute("href");
    expect(link).toMatch(new RegExp(`^https://wa\\.me/${SHOP_WHATSAPP}\\?text=`));
    const text = new URL(link!).searchParams.get("text")!;
    expect(text).toContain(`Pedido: ${code}`);
    expect(text).toContain(`- ${raton.title} (x3): ${soles(productsCents)}`);
    expect(text).toContain(
      [
        `Subtotal: ${soles(productsCents)}`,
        `Costo de envío: ${soles(MIRAFLORES.feeCents)}`,
        `Total: ${soles(productsCents + MIRAFLORES.feeCents)}`,
      ].join("\n"),
    );
    expect(text).toContain(
      ["Entrega: Delivery a Miraflores", "Dirección: Jr. Colina 250", "Referencia: Casa de rejas blancas"].join("\n"),
    );
    expect(text).toContain("Comprobante: Boleta (DNI 12345678)");
    expect(text).toContain("Método de pago: Yape");
    expect(text).toMatch(new RegExp(`Ver mi pedido: https?://\\S+/pedido/${code}\\?t=[\\w-]+`));
    await screenshotFromTop(page, "cart-confirmation-no-js");
  });
});
