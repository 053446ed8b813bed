import { expect, test } from "vitest";

import { buildWhatsAppUrl, GENERAL_INQUIRY_TEXT, toWhatsAppNumber } from "./whatsapp";

test("the floating button's link: shop number and the general inquiry text", () => {
  expect(buildWhatsAppUrl("51924810866", GENERAL_INQUIRY_TEXT)).toBe(
    "https://wa.me/51924810866?text=Hola%2C%20quisiera%20hacer%20una%20consulta",
  );
});

test("phone numbers become wa.me digits with Peru's country code", () => {
  expect(toWhatsAppNumber("+51 924 810 866")).toBe("51924810866");
  expect(toWhatsAppNumber("924 810 866")).toBe("51924810866");
  expect(toWhatsAppNumber("")).toBe("51924810866");
});
