import { Slot as RadixSlot } from "@radix-ui/react-slot";
import fc from "fast-check";
import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { Button, buttonVariants } from "./button";
import { composeRefs, mergeProps, Slot } from "./slot";

// Props a slot and its child may both carry, with values that merge differently.
const propValue = {
  className: fc.constantFrom(undefined, "", "px-2", "h-10 px-5"),
  style: fc.constantFrom(undefined, { color: "red" }, { color: "blue", margin: 0 }),
  id: fc.constantFrom(undefined, "a", "b"),
  title: fc.constantFrom(undefined, "Ver", "Comprar"),
  "aria-label": fc.constantFrom(undefined, "Carrito"),
  "aria-describedby": fc.constantFrom(undefined, "", "titulo", "titulo ayuda"),
  "data-state": fc.constantFrom(undefined, "open", "closed"),
};
const props = fc.record(propValue, { requiredKeys: [] });

describe("Slot", () => {
  test("renders what @radix-ui/react-slot renders, for any props on the slot and the child", () => {
    fc.assert(
      fc.property(props, props, fc.constantFrom("a", "button", "span"), (slotProps, childProps, tag) => {
        const Tag = tag as "a";
        const child = () => (
          <Tag {...childProps} href={tag === "a" ? "/productos" : undefined}>
            Ver productos
          </Tag>
        );
        expect(renderToStaticMarkup(<Slot {...slotProps}>{child()}</Slot>)).toBe(
          renderToStaticMarkup(<RadixSlot {...slotProps}>{child()}</RadixSlot>),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  test("refuses what Radix's Slot refuses, and renders nothing for no child", () => {
    const render = (SlotKind: typeof Slot, children: unknown) => () =>
      renderToStaticMarkup(<SlotKind className="h-10">{children as never}</SlotKind>);
    for (const bad of [
      "Ver productos",
      0,
      [
        <a key="1" href="/">
          Inicio
        </a>,
        <a key="2" href="/faq">
          FAQ
        </a>,
      ],
    ]) {
      expect(render(RadixSlot as typeof Slot, bad)).toThrow(/failed to slot/);
      expect(render(Slot, bad)).toThrow(/failed to slot/);
    }
    for (const none of [null, undefined, false, ""])
      expect(render(Slot, none)()).toBe(render(RadixSlot as typeof Slot, none)());
    expect(render(Slot, null)()).toBe("");
  });

  test("calls the child's handler, then the slot's, and returns the child's result", () => {
    const calls: string[] = [];
    const merged = mergeProps(
      { onClick: (event: string) => calls.push(`slot ${event}`), onFocus: () => calls.push("slot focus") },
      { onClick: (event: string) => (calls.push(`child ${event}`), "child result") },
    );
    expect((merged.onClick as (event: string) => unknown)("click")).toBe("child result");
    (merged.onFocus as () => void)();
    expect(calls).toEqual(["child click", "slot click", "slot focus"]);
  });

  test("sets both refs, and clears both when the element goes", () => {
    const slotRef = createRef<string>();
    const seen: (string | null)[] = [];
    const setBoth = composeRefs(slotRef, (node: unknown) => void seen.push(node as string | null));
    const cleanup = setBoth("the element");
    expect(slotRef.current).toBe("the element");
    cleanup();
    expect(slotRef.current).toBeNull();
    expect(seen).toEqual(["the element", null]);
  });
});

describe("Button", () => {
  test("as a link, it is the link with the button's classes", () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="outline" size="sm" className="w-full">
        <a href="/productos">Ver productos</a>
      </Button>,
    );
    expect(html).toBe(
      `<a href="/productos" class="${buttonVariants({ variant: "outline", size: "sm" }).replaceAll("&", "&amp;")} w-full">Ver productos</a>`,
    );
    expect(html).toContain("border-2 border-primary-strong");
    expect(html).toContain("h-8 px-3");
  });

  test("without a variant, it is the shop's green button; a page's classes are added, never swapped for its own", () => {
    const html = renderToStaticMarkup(<Button className="mt-4 w-full">Enviar</Button>);
    expect(html).toMatch(/^<button class="[^"]*bg-primary-strong text-white[^"]*">Enviar<\/button>$/);
    expect(html).toContain("h-10 px-5 text-sm whitespace-nowrap mt-4 w-full");
    // A height of its own is a size ("lgWrap"), not a class over the button's (docs/decisions/013).
    expect(() => renderToStaticMarkup(<Button className="h-auto">Enviar</Button>)).toThrow(/h-10 would be overridden/);
  });
});
