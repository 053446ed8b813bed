import { describe, expect, it } from "vitest";

import { pageSnapshotOf } from "../e2e/failure-page-reporter";

const context = (yaml: string) =>
  [
    "# Test info",
    "",
    "- Name: cart.spec.ts >> an order",
    "",
    "# Error details",
    "",
    "```",
    "Error: expect(locator).toBeVisible() failed",
    "```",
    "",
    "```yaml",
    yaml,
    "```",
    "",
    "# Test source",
    "",
    "```ts",
    "  1 | test('an order', async () => {});",
    "```",
  ].join("\n");

describe("the e2e failure reporter's page snapshot", () => {
  it("prints the page's snapshot from a failed test's error context, without its links' addresses", () => {
    const snapshot = pageSnapshotOf(
      context(['- heading "Página no encontrada" [level=1]', '- link "Volver al inicio":', '  - /url: "/"'].join("\n")),
    );
    expect(snapshot).toBe(['- heading "Página no encontrada" [level=1]', '- link "Volver al inicio":'].join("\n"));
  });

  it("cuts a long page and says how much it left out", () => {
    const yaml = Array.from({ length: 130 }, (_, index) => `- paragraph: line ${index}`).join("\n");
    const lines = pageSnapshotOf(context(yaml))!.split("\n");
    expect(lines).toHaveLength(121);
    expect(lines[119]).toBe("- paragraph: line 119");
    expect(lines[120]).toBe("… (10 more lines)");
  });

  it("prints nothing when the context holds no page (the test had no browser)", () => {
    expect(pageSnapshotOf("# Error details\n\n```\nError: boom\n```\n")).toBeNull();
  });
});
