// ESLint: TypeScript, React hooks, import order, and the layers of the house (house-style.md)
// as rules instead of prose. Formatting is Prettier's (eslint-config-prettier turns off the
// style rules that would disagree with it). Run by `npm test` (scripts/test.js).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * A layer rule: `files` may not import from `layers` (by alias or by a relative path), nor the
 * packages in `packages` ({ name, message }). One call per set of files: ESLint keeps only the
 * last `no-restricted-imports` a file matches, so two rules for the same file are one call.
 */
function forbidLayers(files, layers, message, { packages = [], ignores = [] } = {}) {
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx", ...ignores],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: packages,
          patterns: layers.map((layer) => ({
            group: [`~/${layer}`, `~/${layer}/**`, `**/${layer}/**`],
            message,
          })),
        },
      ],
    },
  };
}

const NO_DATABASE_IN_SCREENS = "Routes and UI never touch the database: call a domain module.";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "e2e-screens/",
      "bench/results/",
      "public/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // The two rules of hooks; the React Compiler's stricter checks of version 7 are not adopted.
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  forbidLayers(["app/routes/**", "app/ui/**"], ["db"], NO_DATABASE_IN_SCREENS),
  // Icons come from the sprites (ADR 013): lucide-react's components would add their code to a
  // shopper's first load, and their drawings to every page's HTML (the back office's too).
  forbidLayers(["app/routes/**", "app/ui/**"], ["db"], NO_DATABASE_IN_SCREENS, {
    packages: [
      {
        name: "lucide-react",
        message:
          "Icons: <Icon name=…> from ~/ui/icons/icon, or in the back office <AdminIcon name=…> from ~/ui/admin/icons/admin-icon (ADR 013).",
      },
      {
        // The shop's Link writes a plain path's <a> on the server without React Router's hooks (ADR 066).
        name: "react-router",
        importNames: ["Link", "NavLink"],
        message: "Links: import { Link, NavLink } from ~/ui/primitives/link (ADR 066).",
      },
    ],
  }),
  forbidLayers(
    ["app/domain/**"],
    ["ui", "routes"],
    "The domain never imports UI or routes: move the shared type or rule into the domain.",
  ),
  forbidLayers(
    ["app/lib/**"],
    ["domain", "ui", "routes", "db"],
    "lib/ holds what any layer may use, so it imports none of them.",
  ),
  forbidLayers(
    ["app/db/**"],
    ["domain", "auth", "ui", "routes"],
    "db/ is the schema, the client and the migrations: what uses the tables belongs in the domain.",
  ),
  forbidLayers(
    ["app/auth/**"],
    ["ui", "routes"],
    "auth/ is the session and its guards: the screens that use them import it, never the reverse.",
  ),
  forbidLayers(
    ["app/config.server.ts"],
    ["domain", "auth", "db", "ui", "routes"],
    "The configuration is read first by every layer, so it imports only lib/.",
  ),
  {
    // Dates and times the Peruvian way (ADR 034): a browser draws these types in the phone's
    // language ('mm/dd/yyyy', AM/PM); the shop's boxes are DateField/DateInput and ClockField/ClockInput.
    files: ["app/**/*.tsx"],
    ignores: ["app/ui/form/date-field.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='type'][value.value=/^(date|time|datetime-local|month|week)$/]",
          message:
            "Use DateInput or ClockInput (ui/form/date-field.tsx): the browser draws this type in the phone's language.",
        },
      ],
    },
  },
  {
    // Small modules and functions (ADR 018): a feature that grows one past these splits it.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 80 }],
    },
  },
  prettier,
);
