import { describe, expect, test } from "vitest";

import { formatMoney } from "~/lib/money";

import { checkoutSchema } from "./checkout-schema";
import { describeStockProblem, formatOrderCode, MAX_WHATSAPP_MESSAGE_LENGTH } from "./order";
import { buildOrderWhatsAppMessage, type OrderMessageInput } from "./order-message";

const transfer = {
  name: "Transferencia Bancaria",
  details: "BCP Soles: 191-12345678-0-12\nCCI: 002-191-112345678012-55\nTitular: Patitas Felices S.A.C.",
};

function messageInput(lineCount: number, titleLength = 30): OrderMessageInput {
  const lines = Array.from({ length: lineCount }, (_, index) => ({
    title: `Producto ${index + 1} ${"x".repeat(titleLength)}`,
    quantity: (index % 3) + 1,
    lineTotalCents: 1990 * ((index % 3) + 1),
  }));
  return {
    code: "PED-000123",
    customerName: "Ana Torres",
    customerPhone: "987 654 321",
    lines,
    totalCents: lines.reduce((total, line) => total + line.lineTotalCents, 0),
    paymentMethod: transfer,
  };
}

describe("the WhatsApp order message", () => {
  test("greets, lists each line with quantity and line total, the total, the method and the code", () => {
    const message = buildOrderWhatsAppMessage({
      code: "PED-000042",
      customerName: "Ana Torres",
      customerPhone: "987 654 321",
      lines: [
        { title: "Croquetas Ricocan Adulto Razas Medianas 15 kg", quantity: 2, lineTotalCents: 22980 },
        { title: "Ratón de Juguete con Catnip", quantity: 1, lineTotalCents: 1490 },
      ],
      totalCents: 24470,
      paymentMethod: transfer,
    });
    expect(message.startsWith("¡Hola!")).toBe(true);
    expect(message).toContain("PED-000042");
    expect(message).toContain(`- Croquetas Ricocan Adulto Razas Medianas 15 kg (x2): ${formatMoney(22980)}`);
    expect(message).toContain(`- Ratón de Juguete con Catnip (x1): ${formatMoney(1490)}`);
    expect(message).toContain(`Total: ${formatMoney(24470)}`);
    expect(formatMoney(24470)).toBe("S/\u00a0244.70");
    expect(message).toContain("Método de pago: Transferencia Bancaria");
    expect(message).toContain(transfer.details);
    expect(message).toContain("Ana Torres");
    expect(message).toMatch(/Por favor, confírmame el pedido/);
  });

  test("a cart of 60 lines stays under 2,000 characters and the rest is summarised with the code", () => {
    const input = messageInput(60);
    const message = buildOrderWhatsAppMessage(input);
    expect(message.length).toBeLessThan(MAX_WHATSAPP_MESSAGE_LENGTH);
    expect(message).toContain("Producto 1 ");
    expect(message).not.toContain("Producto 60 ");
    const shown = message.split("\n").filter((line) => /^- Producto \d+ /.test(line)).length;
    expect(shown).toBeGreaterThan(5);
    const summarised = input.lines.slice(shown);
    const summarisedCents = summarised.reduce((total, line) => total + line.lineTotalCents, 0);
    expect(message).toContain(
      `…y ${60 - shown} productos más (${formatMoney(summarisedCents)}). El detalle completo está en el pedido PED-000123.`,
    );
    // The grand total still covers every line.
    expect(message).toContain(`Total: ${formatMoney(input.totalCents)}`);
    expect(message).toContain("Método de pago: Transferencia Bancaria");
  });

  test("stays under the limit even with very long titles, name and method details", () => {
    const input = messageInput(60, 400);
    input.paymentMethod = { name: "M".repeat(300), details: "D".repeat(5000) };
    input.customerName = "N".repeat(100);
    const message = buildOrderWhatsAppMessage(input);
    expect(message.length).toBeLessThan(MAX_WHATSAPP_MESSAGE_LENGTH);
    expect(message).toContain("PED-000123");
    expect(message).toContain(`Total: ${formatMoney(input.totalCents)}`);
  });

  test("a short cart is never summarised", () => {
    const message = buildOrderWhatsAppMessage(messageInput(3));
    expect(message).not.toContain("productos más");
    expect(message.match(/^- Producto/gm)).toHaveLength(3);
  });
});

test("order codes look like PED-000123", () => {
  expect(formatOrderCode(123)).toBe("PED-000123");
  expect(formatOrderCode(1_234_567)).toBe("PED-1234567");
});

test("checkout validation answers in Spanish next to each field", () => {
  const result = checkoutSchema.safeParse({
    intent: "checkout",
    paymentMethodId: "yape",
    customerName: " ",
    customerPhone: "llámame",
  });
  expect(result.success).toBe(false);
  const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
  expect(messages).toEqual({
    customerName: "Ingresa tu nombre.",
    customerPhone: "Escribe solo números, por ejemplo 987 654 321.",
  });
  expect(
    checkoutSchema.safeParse({ intent: "checkout", customerName: "Ana", customerPhone: "+51 987-654-321" }).success,
  ).toBe(true);
  expect(checkoutSchema.safeParse({ intent: "checkout", customerName: "Ana", customerPhone: "123" }).success).toBe(
    false,
  );
  // Nine digits padded with spaces to any length: refused, not stored.
  const padded = checkoutSchema.safeParse({
    intent: "checkout",
    customerName: "Ana",
    customerPhone: `987${" ".repeat(40)}654321`,
  });
  expect(padded.error?.issues.map((issue) => issue.message)).toEqual(["Escribe como máximo 30 caracteres."]);
});

test("stock problems read as Spanish sentences", () => {
  expect(describeStockProblem({ productId: 1, title: "Cama", requested: 3, available: 1 })).toBe(
    "Cama: solo queda 1 unidad y pediste 3.",
  );
  expect(describeStockProblem({ productId: 1, title: "Cama", requested: 3, available: 0 })).toBe(
    "Cama ya no está disponible.",
  );
});
