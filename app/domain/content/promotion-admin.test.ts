import { expect, test } from "vitest";

import { isAllowedPromotionLink } from "./promotion-admin";

test("a promotion links to a shop path, an https address or nowhere", () => {
  for (const link of ["/productos", "/productos/perros?marca=kong", "https://www.instagram.com/patitas", ""]) {
    expect(isAllowedPromotionLink(link), link).toBe(true);
  }
});
