import fs from "node:fs";

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { buildSprite, spriteNames, spritePath } from "../../../scripts/icon-sprite.js";
import { Icon, ICON_NAMES } from "./icon";

describe("the icon sprite", () => {
  test("holds exactly the icons ICON_NAMES lists, as scripts/icon-sprite.js draws them", async () => {
    expect(spriteNames()).toEqual([...ICON_NAMES]);
    const committed = fs.readFileSync(spritePath, "utf8");
    // If this fails after changing ICON_NAMES or updating lucide-react: node scripts/icon-sprite.js
    expect(committed).toBe(await buildSprite(ICON_NAMES));
    const ids = [...committed.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
  });

  test("draws lucide's shapes, and follows lucide's renamed icons to their drawing", async () => {
    const sprite = await buildSprite(["shopping-cart", "circle-help", "facebook"]);
    const paint = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
    expect(sprite).toContain(`<symbol id="shopping-cart" viewBox="0 0 24 24" ${paint}><path d="m2.05 2.05`);
    expect(sprite).toContain(`<symbol id="circle-help" viewBox="0 0 24 24" ${paint}><circle cx="12" cy="12" r="10"/>`);
    expect(sprite).toContain(`<symbol id="facebook" viewBox="0 0 24 24" ${paint}><path d="M18 2h-3`);
    expect(sprite).not.toContain("key=");
    await expect(buildSprite(["not-an-icon"])).rejects.toThrow('lucide-react has no icon named "not-an-icon"');
  });

  test("an icon references its symbol and is hidden from screen readers unless labelled", () => {
    const hidden = renderToStaticMarkup(<Icon name="shopping-cart" className="size-5" />);
    expect(hidden).toMatch(
      /^<svg [^>]*aria-hidden="true"[^>]*class="size-5"[^>]*><use href="[^"#]*sprite[^"#]*\.svg[^"#]*#shopping-cart"><\/use><\/svg>$/,
    );
    // lucide's paint and the viewBox come from the symbol, not from each icon on the page.
    expect(hidden).not.toMatch(/stroke|fill|viewBox|xmlns/);
    const labelled = renderToStaticMarkup(<Icon name="x" aria-label="Cerrar" />);
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Cerrar"');
  });
});
