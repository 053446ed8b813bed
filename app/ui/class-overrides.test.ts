import fs from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, test } from "vitest";

import { conflictingClasses } from "~/lib/class-conflicts";
import { type ButtonVariants, buttonVariants, SIZES, VARIANTS } from "~/ui/primitives/button";

// cn() joins classes without merging them (docs/decisions/013). A component that takes a
// className and joins it to its own, cn("… text-xs …", className), would then show both when a
// page passes "text-sm", and Tailwind's order would pick one. This reads the source: for every
// such component, every page's literal className must add only classes of other kinds.
// The button, whose classes come from its variant and size, is read the same way below. (The
// server also refuses such a pair while the end-to-end tests run, see app/lib/cn.ts.)

const appDir = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [full] : [];
  });
}

function stringsIn(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isStringLiteral(child) || ts.isNoSubstitutionTemplateLiteral(child)) found.push(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

const sources = sourceFiles(appDir).map((file) => ({
  file,
  source: ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
}));

// Component name → the classes its cn(…, className) call writes itself (every branch).
function componentsJoiningClassName(): Map<string, string[]> {
  const components = new Map<string, string[]>();
  for (const { source } of sources) {
    const visit = (node: ts.Node, component: string | undefined) => {
      let name = component;
      if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) name = node.name.text;
      if (
        name &&
        ts.isCallExpression(node) &&
        node.expression.getText() === "cn" &&
        node.arguments.some((argument) => argument.getText() === "className")
      ) {
        const own = node.arguments
          .filter((argument) => argument.getText() !== "className")
          .flatMap(stringsIn)
          .flatMap(words);
        components.set(name, [...(components.get(name) ?? []), ...own]);
      }
      ts.forEachChild(node, (child) => visit(child, name));
    };
    visit(source, undefined);
  }
  return components;
}

test("no page passes a component a class of a kind the component already sets", () => {
  const components = componentsJoiningClassName();
  // The components this guards, as a sanity check of the reading above.
  for (const name of ["OfferBadge", "PriceTag", "LevelCards", "Field", "Input", "OrderStatusBadge", "SocialLinks"]) {
    expect([...components.keys()]).toContain(name);
  }
  const conflicts: string[] = [];
  let checked = 0;
  for (const { file, source } of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const attribute = (name: string) =>
          node.attributes.properties.find(
            (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
          )?.initializer;
        // A field's inputProps={{ className }} goes to its Input.
        const inputProps = attribute("inputProps");
        const inputClassName =
          inputProps &&
          ts.isJsxExpression(inputProps) &&
          inputProps.expression &&
          ts.isObjectLiteralExpression(inputProps.expression)
            ? inputProps.expression.properties.find(
                (property): property is ts.PropertyAssignment =>
                  ts.isPropertyAssignment(property) && property.name.getText() === "className",
              )?.initializer
            : undefined;
        for (const [own, className] of [
          [components.get(node.tagName.getText()), attribute("className")],
          [components.get("Input"), inputClassName],
        ] as const) {
          if (!own || !className) continue;
          checked++;
          const added = stringsIn(className).flatMap(words).join(" ");
          // Each of the component's classes on its own, so that its own branches (text-lg or
          // text-xl) are not taken for a conflict.
          const overridden = own.filter((mine) => conflictingClasses(`${mine} ${added}`).includes(mine));
          if (overridden.length > 0) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            conflicts.push(
              `${path.relative(appDir, file)}:${line} <${node.tagName.getText()}> adds "${added}": ${overridden.join(" ")}`,
            );
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(checked).toBeGreaterThan(10);
  expect(conflicts).toEqual([]);
});

type Variant = NonNullable<ButtonVariants["variant"]>;
type Size = NonNullable<ButtonVariants["size"]>;
const variants = Object.keys(VARIANTS) as Variant[];
const sizes = Object.keys(SIZES) as Size[];

// Every <Button> in app/ with its variant, size and the classes its className adds.
function buttonsInApp() {
  const buttons: { where: string; variants: Variant[]; sizes: Size[]; classes: string }[] = [];
  for (const { file, source } of sources) {
    const visit = (node: ts.Node) => {
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText() === "Button") {
        const attributes = new Map<string, ts.JsxAttributeValue | undefined>();
        for (const attribute of node.attributes.properties) {
          if (ts.isJsxAttribute(attribute)) attributes.set(attribute.name.getText(), attribute.initializer);
        }
        // A variant or size given by an expression could be any of them.
        const pick = <T extends string>(name: string, all: T[]): T[] => {
          if (!attributes.has(name)) return [];
          const value = attributes.get(name);
          return value && ts.isStringLiteral(value) ? [value.text as T] : all;
        };
        const className = attributes.get("className");
        buttons.push({
          where: `${path.relative(appDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
          variants: pick("variant", variants),
          sizes: pick("size", sizes),
          classes: className ? stringsIn(className).join(" ") : "",
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return buttons;
}

describe("the button's classes", () => {
  test("no variant and size set the same thing twice", () => {
    for (const variant of variants) {
      for (const size of sizes)
        expect(conflictingClasses(buttonVariants({ variant, size })), `${variant} ${size}`).toEqual([]);
    }
  });

  // cn() joins classes without merging them (docs/decisions/013), so a page that passed "h-auto"
  // to a size "lg" button would get both heights and whichever Tailwind writes last.
  test("no <Button> in app/ adds a class of a kind its variant or size already sets", () => {
    const buttons = buttonsInApp();
    expect(buttons.length).toBeGreaterThan(60);
    expect(buttons.some((button) => button.classes.includes("w-full"))).toBe(true);
    const conflicts: string[] = [];
    for (const button of buttons) {
      for (const variant of button.variants.length > 0 ? button.variants : [undefined]) {
        for (const size of button.sizes.length > 0 ? button.sizes : [undefined]) {
          const overridden = conflictingClasses(`${buttonVariants({ variant, size })} ${button.classes}`);
          if (overridden.length > 0)
            conflicts.push(`${button.where} (${variant ?? "default"}, ${size ?? "default"}): ${overridden.join(" ")}`);
        }
      }
    }
    expect(conflicts).toEqual([]);
  });
});
