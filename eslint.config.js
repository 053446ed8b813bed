// ESLint: TypeScript, React hooks, import order, and the layers of the house (house-style.md)
// as rules instead of prose. Formatting is Prettier's (eslint-config-prettier turns off the
// style rules that would disagree with it). Run by `npm test` (scripts/test.js).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A layer rule: `files` may not import from `layers` (by alias or by a relative path). */
function forbidLayers(files, layers, message) {
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: layers.map((layer) => ({
            group: [`~/${layer}`, `~/${layer}/**`, `**/${layer}/**`],
            message,
          })),
        },
      ],
    },
  };
}

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
  forbidLayers(["app/routes/**", "app/ui/**"], ["db"], "Routes and UI never touch the database: call a domain module."),
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
