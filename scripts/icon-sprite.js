// Writes app/ui/icons/sprite.svg: one <symbol> per icon the storefront shows, drawn from
// lucide-react's own data (ISC licence), plus the social networks' marks, which lucide does not
// ship. The storefront's pages then reference the icons (<use href="…#name">) instead of
// carrying their drawings and lucide's React component in every page's first-load JavaScript
// (docs/decisions/013). The back office's icons go to a sprite of their own,
// app/ui/admin/icons/admin-sprite.svg, so that shoppers never download them.
//
//   node scripts/icon-sprite.js          rewrites both sprites: the storefront's from ICON_NAMES in
//                                        app/ui/icons/icon.tsx, the back office's from
//                                        ADMIN_ICON_NAMES in app/ui/admin/icons/admin-icon.tsx
//
// app/ui/icons/icon.test.tsx and app/ui/admin/icons/admin-icon.test.tsx fail when a committed
// sprite and this script's output differ.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const spritePath = path.join(root, "app/ui/icons/sprite.svg");
const iconModulePath = path.join(root, "app/ui/icons/icon.tsx");
export const adminSpritePath = path.join(root, "app/ui/admin/icons/admin-sprite.svg");
const adminIconModulePath = path.join(root, "app/ui/admin/icons/admin-icon.tsx");

// The marks SocialLinks used to draw inline, in lucide's 24 px outline style.
const brandMarks = {
  facebook: [["path", { d: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" }]],
  instagram: [
    ["rect", { x: "2", y: "2", width: "20", height: "20", rx: "5" }],
    ["circle", { cx: "12", cy: "12", r: "4" }],
    ["path", { d: "M17.5 6.5h.01" }],
  ],
  tiktok: [
    [
      "path",
      {
        d: "M21 7.92v4.03a9.95 9.95 0 0 1-5-1.95v4.5a6.5 6.5 0 1 1-8-6.33v4.33a2.5 2.5 0 1 0 4 2V3h4.08A6 6 0 0 0 21 7.92z",
      },
    ],
  ],
  twitter: [
    ["path", { d: "M4 4l11.73 16H20L8.27 4z" }],
    ["path", { d: "M4 20l6.77-6.77M13.23 10.77L20 4" }],
  ],
};

const escape = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

async function iconNode(name) {
  if (brandMarks[name]) return brandMarks[name];
  const require = createRequire(import.meta.url);
  const lucideDir = path.dirname(require.resolve("lucide-react/package.json"));
  const file = path.join(lucideDir, "dist/esm/icons", `${name}.mjs`);
  if (!fs.existsSync(file)) throw new Error(`lucide-react has no icon named "${name}"`);
  const { __iconData } = await import(pathToFileURL(file).href);
  if (__iconData) return __iconData.node;
  // An old name kept as an alias ("circle-help" → "circle-question-mark") re-exports the icon.
  const target = /from '\.\/([a-z0-9-]+)\.mjs'/.exec(fs.readFileSync(file, "utf8"));
  if (!target) throw new Error(`lucide-react's "${name}" has no drawing`);
  return iconNode(target[1]);
}

/**
 * lucide's paint, on each symbol rather than on every <svg> a page draws (issue 47): the
 * symbol's shapes inherit it, in the page's text colour, and a page's HTML is some 150 bytes
 * an icon lighter (17 KB of the back office's product list).
 */
const PAINT = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite's text for these icon names, in the order given. */
export async function buildSprite(names) {
  const symbols = [];
  for (const name of names) {
    const children = (await iconNode(name))
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escape(value)}"`)
          .join("");
        return `<${tag}${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24" ${PAINT}>${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/** The names a module lists in `export const <constant> = [...] as const;`. */
function listedNames(modulePath, constant) {
  const source = fs.readFileSync(modulePath, "utf8");
  const list = new RegExp(`export const ${constant} = \\[([^\\]]*)\\] as const;`).exec(source);
  if (!list) throw new Error(`${modulePath} has no "export const ${constant} = [...] as const;"`);
  return [...list[1].matchAll(/"([a-z0-9-]+)"/g)].map((match) => match[1]);
}

/** The names listed in icon.tsx's ICON_NAMES, which also types <Icon name>. */
export function spriteNames() {
  return listedNames(iconModulePath, "ICON_NAMES");
}

/** The names listed in admin-icon.tsx's ADMIN_ICON_NAMES, which also types <AdminIcon name>. */
export function adminSpriteNames() {
  return listedNames(adminIconModulePath, "ADMIN_ICON_NAMES");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, names] of [
    [spritePath, spriteNames()],
    [adminSpritePath, adminSpriteNames()],
  ]) {
    fs.writeFileSync(file, await buildSprite(names));
    console.log(`${path.relative(root, file)}: ${names.length} icons`);
  }
}
