/**
 * Which classes of a class list a later class of the same kind would override, by
 * tailwind-merge's rules ("h-12 … h-auto": h-12), in the kinds of utility this codebase writes.
 * cn() joins classes without merging them; in development and in the tests it asks this module
 * whether a call joined two classes of one kind, and throws if so (docs/decisions/013). It never
 * reaches a browser: production builds leave the check out.
 *
 * class-conflicts.test.ts holds mergeClasses equal to tailwind-merge on every pair of classes
 * found in app/ and on random runs of them: a new class that tailwind-merge would resolve and
 * this would not fails that test.
 */
// [pattern, group]: the first pattern that matches a class's utility names its group; a
// group of null takes the pattern's first capture. Classes matching none never conflict.
const RULES: [RegExp, string | null][] = [
  [/^\[([\w-]+):.+\]$/, null],
  [/^@container$/, "container-type"],
  [
    /^(block|inline-block|inline|flex|inline-flex|table|inline-table|table-caption|table-cell|table-column|table-column-group|table-footer-group|table-header-group|table-row-group|table-row|flow-root|grid|inline-grid|contents|list-item|hidden)$/,
    "display",
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^float-(left|right|start|end|none)$/, "float"],
  [/^clear-(left|right|both|start|end|none)$/, "clear"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration-line"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^(antialiased|subpixel-antialiased)$/, "font-smoothing"],
  [/^(italic|not-italic)$/, "font-style"],
  [/^(proportional-nums|tabular-nums)$/, "font-variant-numeric-spacing"],
  [/^(lining-nums|oldstyle-nums)$/, "font-variant-numeric-figure"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(xs|sm|base|lg|xl|\d+xl|\[\d[^\]]*\])$/, "font-size"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^leading-/, "leading"],
  [/^tracking-/, "tracking"],
  [/^whitespace-/, "whitespace"],
  [/^break-(normal|words|all|keep)$/, "word-break"],
  [/^line-clamp-/, "line-clamp"],
  [/^list-(inside|outside)$/, "list-position"],
  [/^list-/, "list-style-type"],
  [/^align-/, "vertical-align"],
  [/^(p[xytrblse]?)-/, null],
  [/^(m[xytrblse]?)-/, null],
  [/^(size|w|h|min-w|min-h|max-w|max-h)-/, null],
  [/^(inset-x|inset-y|inset|top|right|bottom|left|start|end)-/, null],
  [
    /^(z|opacity|aspect|order|basis|columns|cursor|pointer-events|appearance|accent|animate|duration|ease|delay|rotate|brightness|backdrop-blur)-/,
    null,
  ],
  [/^(gap-x|gap-y|gap)-/, null],
  [/^(grid-cols|grid-rows|col-start|col-end|row-start|row-end)-/, null],
  [/^col-(auto|span-.+)$/, "col-span"],
  [/^row-(auto|span-.+)$/, "row-span"],
  [/^flex-(row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^(grow|shrink)(-.+)?$/, null],
  [/^(items|self|justify-items|justify-self|place-items|place-content|place-self)-/, null],
  [/^justify-/, "justify-content"],
  [/^(overflow-x|overflow-y|overflow)-/, null],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [/^bg-(none|linear-.+|radial(-.+)?|conic(-.+)?|\[url\(.+)$/, "bg-image"],
  [/^bg-(auto|cover|contain)$/, "bg-size"],
  [/^bg-/, "bg-color"],
  [/^(from|via|to)-/, null],
  [/^border(-[xytrblse])?(-\d+)?$/, "border-w"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-([xytrblse])-/, "border-color"],
  [/^border-/, "border-color"],
  [/^rounded(-(?:s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl))?(?:-.+)?$/, "rounded"],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring(-\d+)?$/, "ring-w"],
  [/^ring-/, "ring-color"],
  [/^transition(-.+)?$/, "transition"],
  [/^(divide-[xy])(-\d+)?$/, null],
  [/^divide-/, "divide-color"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^outline-(solid|dashed|dotted|double|none|hidden)$/, "outline-style"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^underline-offset-/, "underline-offset"],
  [/^(scale-x|scale-y|scale|translate-x|translate-y)-/, null],
];

// When a class of the key's group comes later, these groups' earlier classes go too.
const OVERRIDES: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  flex: ["basis", "grow", "shrink"],
  "border-w": [
    "border-w-x",
    "border-w-y",
    "border-w-s",
    "border-w-e",
    "border-w-t",
    "border-w-r",
    "border-w-b",
    "border-w-l",
  ],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-s",
    "border-color-e",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
  ],
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
  rounded: [
    "rounded-s",
    "rounded-e",
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-ss",
    "rounded-se",
    "rounded-ee",
    "rounded-es",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
  ],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
};

// Variants whose order changes their meaning (as tailwind-merge keeps them in place).
const ORDER_SENSITIVE = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "details-content",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

const groups = new Map<string, string | undefined>();

function groupOf(utility: string): string | undefined {
  if (!groups.has(utility)) groups.set(utility, findGroup(utility));
  return groups.get(utility);
}

function findGroup(utility: string): string | undefined {
  for (const [pattern, group] of RULES) {
    const match = pattern.exec(utility);
    if (!match) continue;
    // Sides: border-t-2 → border-w-t, rounded-br-sm → rounded-br, border-x-primary → border-color-x.
    if (group === "border-w" || group === "rounded") return match[1] ? `${group}${match[1]}` : group;
    if (group === "border-color" && match[1]) return `border-color-${match[1]}`;
    return group ?? match[1];
  }
  return undefined;
}

/** 'sm:hover:!-mt-2' → variants ['sm', 'hover'], important, utility 'mt-2' (the sign is a value). */
function parseClass(name: string): { variants: string[]; important: boolean; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index++) {
    const char = name[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(name.slice(start, index));
      start = index + 1;
    }
  }
  let utility = name.slice(start);
  let important = false;
  if (utility.startsWith("!")) [important, utility] = [true, utility.slice(1)];
  else if (utility.endsWith("!")) [important, utility] = [true, utility.slice(0, -1)];
  if (utility.startsWith("-")) utility = utility.slice(1);
  return { variants, important, utility };
}

function variantKey(variants: string[]): string {
  if (variants.length <= 1) return variants.join(":");
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(":");
}

export function mergeClasses(classes: string): string {
  const names = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = names.length - 1; index >= 0; index--) {
    const name = names[index]!;
    const { variants, important, utility } = parseClass(name);
    const group = groupOf(utility);
    if (group) {
      const prefix = `${variantKey(variants)}${important ? "!" : ""}|`;
      if (taken.has(prefix + group)) continue;
      taken.add(prefix + group);
      for (const overridden of OVERRIDES[group] ?? []) taken.add(prefix + overridden);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

/**
 * The classes of the list that a later class of the same kind overrides: [] when none is. A
 * class written twice is not a conflict.
 */
export function conflictingClasses(classes: string): string[] {
  const kept = new Set(mergeClasses(classes).split(" "));
  return classes.split(/\s+/).filter((name) => name !== "" && !kept.has(name));
}
