import fs from "node:fs";
import path from "node:path";

import fc from "fast-check";
import { twMerge } from "tailwind-merge";
import { describe, expect, test } from "vitest";

import { buttonVariants } from "~/ui/primitives/button";

import { conflictingClasses, mergeClasses } from "./class-conflicts";
import { cn } from "./cn";

// tailwind-merge folds a class it knows into one copy, and keeps two of any other word.
const isTailwindClass = (word: string) => twMerge(`${word} ${word}`) === word;

// Every class in the app's source: the words of each string literal made only of class-like
// words, at least one of them a Tailwind class.
function classCorpus(): string[] {
  const files: string[] = [];
  (function walk(dir: string) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // class-conflicts.ts itself names groups, not classes.
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== "class-conflicts.ts")
        files.push(full);
    }
  })(path.resolve(__dirname, ".."));
  const words = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/"([^"\n]*)"|`([^`$]*)`/g)) {
      const found = (match[1] ?? match[2] ?? "").split(/\s+/).filter(Boolean);
      if (found.every((word) => /^[!@\w\-[\]:/.%&>*()=,#~+']+$/.test(word)) && found.some(isTailwindClass)) {
        for (const word of found) words.add(word);
      }
    }
  }
  return [...words].sort();
}

const corpus = classCorpus();

describe("mergeClasses", () => {
  test("the corpus holds the app's classes", () => {
    expect(corpus.length).toBeGreaterThan(400);
    for (const name of ["h-12", "hover:bg-primary-strong/90", "[&_svg]:size-4", "@3xl:px-7", "-mt-3"]) {
      expect(corpus).toContain(name);
    }
  });

  test("resolves every pair of the app's classes as tailwind-merge does", () => {
    const differences: string[] = [];
    for (const first of corpus) {
      for (const second of corpus) {
        const classes = `${first} ${second}`;
        const expected = twMerge(classes);
        if (mergeClasses(classes) !== expected)
          differences.push(`"${classes}" → "${expected}", not "${mergeClasses(classes)}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  test("resolves longer runs of the app's classes as tailwind-merge does", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...corpus), { minLength: 3, maxLength: 10 }), (names) => {
        const classes = names.join(" ");
        expect(mergeClasses(classes)).toBe(twMerge(classes));
      }),
      { numRuns: 5000 },
    );
  });

  test("names the classes a later one of the same kind overrides, and nothing else", () => {
    expect(conflictingClasses("h-12 px-7 text-base h-auto min-h-12")).toEqual(["h-12"]);
    // Other states keep their own: the hover colour is not the background.
    expect(conflictingClasses("bg-primary-strong hover:bg-primary-strong/90 bg-whatsapp")).toEqual([
      "bg-primary-strong",
    ]);
    // p-4 then px-2 is no conflict (px-2 wins by Tailwind's own order); px-2 then p-4 is.
    expect(conflictingClasses("p-4 px-2 py-1")).toEqual([]);
    expect(conflictingClasses("px-2 p-4")).toEqual(["px-2"]);
    expect(conflictingClasses("flex items-center flex")).toEqual([]);
  });
});

describe("cn", () => {
  test("joins class names as clsx does, without dropping any", () => {
    expect(cn("p-4", false, undefined, ["px-2", { "py-1": true, "pt-9": false }])).toBe("p-4 px-2 py-1");
    expect(cn("rounded-full", null, "flex", "flex")).toBe("rounded-full flex flex");
  });

  test("in development and tests, refuses two classes of one kind and names them", () => {
    expect(() => cn(buttonVariants({ size: "lg" }), "h-auto min-h-12 whitespace-normal")).toThrow(
      /h-12, whitespace-nowrap would be overridden/,
    );
    expect(() => cn("text-muted", "text-red-700")).toThrow(/cn\("text-muted text-red-700"\): text-muted/);
  });
});
