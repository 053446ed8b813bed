import fs from "node:fs";
import path from "node:path";

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { adminSpriteNames, adminSpritePath, buildSprite, spritePath } from "../../../../scripts/icon-sprite.js";
import { ADMIN_ICON_NAMES, AdminIcon } from "./admin-icon";

const appDir = path.resolve(__dirname, "../../..");

/** Every .ts/.tsx file under a folder of app/, tests included. */
function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  (function walk(dir: string) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  })(path.join(appDir, folder));
  return files;
}

describe("the admin icon sprite", () => {
  test("holds exactly the icons ADMIN_ICON_NAMES lists, as scripts/icon-sprite.js draws them", async () => {
    expect(adminSpriteNames()).toEqual([...ADMIN_ICON_NAMES]);
    expect([...ADMIN_ICON_NAMES]).toEqual([...ADMIN_ICON_NAMES].sort());
    const committed = fs.readFileSync(adminSpritePath, "utf8");
    // If this fails after changing ADMIN_ICON_NAMES or updating lucide-react: node scripts/icon-sprite.js
    expect(committed).toBe(await buildSprite(ADMIN_ICON_NAMES));
    const ids = [...committed.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...ADMIN_ICON_NAMES]);
  });

  test("is a file of its own, apart from the storefront's sprite", () => {
    expect(adminSpritePath).not.toBe(spritePath);
    expect(path.dirname(adminSpritePath)).toBe(__dirname);
  });

  test("an icon references the admin sprite and is hidden from screen readers unless labelled", () => {
    const hidden = renderToStaticMarkup(<AdminIcon name="pencil" className="size-4" />);
    expect(hidden).toMatch(
      /^<svg [^>]*aria-hidden="true"[^>]*class="size-4"[^>]*><use href="[^"#]*admin-sprite[^"#]*\.svg[^"#]*#pencil"><\/use><\/svg>$/,
    );
    // lucide's paint and the viewBox come from the symbol, not from each icon on the page.
    expect(hidden).not.toMatch(/stroke|fill|viewBox|xmlns/);
    expect(hidden).toContain('data-icon="pencil"');
    const labelled = renderToStaticMarkup(<AdminIcon name="arrow-right" aria-label="a" />);
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="a"');
  });

  test("no file of the back office imports lucide-react's components any more", () => {
    const files = [...sourceFiles("ui/admin"), ...sourceFiles("routes/admin")];
    expect(files.length).toBeGreaterThan(50);
    const importing = files
      .filter((file) =>
        /\bfrom\s*["']lucide-react(\/[^"']*)?["']|\bimport\s*\(?\s*["']lucide-react|\brequire\(\s*["']lucide-react/.test(
          fs.readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(appDir, file));
    // Draw the icon with <AdminIcon name="…"> and add its name to ADMIN_ICON_NAMES instead.
    expect(importing).toEqual([]);
  });
});
