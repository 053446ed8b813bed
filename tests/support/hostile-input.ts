// Shared by the property-based form tests (app/routes/*-forms.property.test.ts):
// hostile values, forms built from them, and the checks every action's answer must pass.
import fc from "fast-check";
import { expect } from "vitest";

export const SCRIPT = "<script>alert(1)</script>";
export const SQL = "'; DROP TABLE products; --";

/** Values a person, a bot or an attacker may type into any text field. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    SCRIPT,
    `"><img src=x onerror=alert(1)>`,
    SQL,
    "1 OR 1=1",
    "\u0000",
    "ab\u0000cd",
    "🐶🐱‍👤 Mishi ❤️",
    "\u202Eodatnemila\u202C",
    "مرحبا بالعالم",
    "Ñandú Ácido Ümlaut",
    "",
    "   ",
    "-1",
    "-999999999",
    "0",
    "1.5",
    "NaN",
    "Infinity",
    "1e309",
    "99999999999999999999",
    "2147483648",
    "9007199254740993",
    "0x1F",
    "null",
    "undefined",
    "__proto__",
    "[object Object]",
    '{"$ne":null}',
    "../../etc/passwd",
    "%00",
    "on",
    "true",
  ),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(1_000, 10_000, 100_000).map((length) => "Ñ<b>".repeat(length / 4)),
);

/** How one field of a posted form is sent: kept valid, hostile, missing, repeated or a file. */
type FieldChoice =
  | { kind: "keep" }
  | { kind: "text"; value: string }
  | { kind: "missing" }
  | { kind: "repeated"; value: string }
  | { kind: "file" };

const fieldChoice: fc.Arbitrary<FieldChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "keep" as const }) },
  { weight: 5, arbitrary: hostileText.map((value) => ({ kind: "text" as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: "missing" as const }) },
  { weight: 1, arbitrary: hostileText.map((value) => ({ kind: "repeated" as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: "file" as const }) },
);

/**
 * A typed value as a form body carries it: a multipart body (the HTML and Fetch specs, and
 * every browser) sends each line break, "\r" or "\n" alone included, as "\r\n".
 */
export function asSubmitted(value: FormDataEntryValue | null): string {
  return String(value).replace(/\r\n|\r|\n/g, "\r\n");
}

/**
 * Forms derived from a valid one: each field kept, replaced by a hostile value, left out,
 * sent twice or sent as a file (a wrong type), plus an unexpected extra field.
 */
export function hostileForm(valid: Record<string, string>, fixed: Record<string, string> = {}) {
  const names = Object.keys(valid);
  return fc
    .tuple(fc.array(fieldChoice, { minLength: names.length, maxLength: names.length }), fc.option(hostileText))
    .map(([choices, extra]) => {
      const form = new FormData();
      names.forEach((name, index) => {
        const choice = choices[index]!;
        if (choice.kind === "keep") form.append(name, valid[name]!);
        else if (choice.kind === "text") form.append(name, choice.value);
        else if (choice.kind === "repeated") {
          form.append(name, choice.value);
          form.append(name, valid[name]!);
        } else if (choice.kind === "file") {
          form.append(name, new File([SCRIPT], "../../x.html", { type: "text/html" }));
        }
      });
      for (const [name, value] of Object.entries(fixed)) form.set(name, value);
      if (extra !== null) form.append("__proto__", extra);
      return {
        form,
        describe: () =>
          JSON.stringify([...form].map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 80) : "<file>"])),
      };
    });
}

export type Answer = { status: number; body: unknown; location: string | null };

/**
 * Runs an action the way React Router does and reduces its answer to status and body:
 * a thrown or returned Response (a redirect), a `data()` with its init, or a plain object.
 * Anything else thrown is a 500 for the shopper and fails the test with the input.
 */
export async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: null, location: result.headers.get("Location") };
  }
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data: body, init } = result as unknown as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, body, location: null };
  }
  return { status: 200, body: result, location: null };
}

function collectStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (value && typeof value === "object") Object.values(value).forEach((item) => collectStrings(item, into));
  return into;
}

/** The messages an answer shows: its field errors and its toast (not the echoed values). */
export function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== "object") return [];
  const { errors, toast, stockProblems } = body as { errors?: unknown; toast?: unknown; stockProblems?: unknown };
  return collectStrings([errors, toast, stockProblems]);
}

// zod's English defaults and other untranslated texts a shopper must never read.
const ENGLISH =
  /\b(Invalid|Expected|Required|received|must be|Too (big|small)|String must|Number must|undefined|NaN|Error:)\b/;

/**
 * The properties every answer to a hostile form has: never a 5xx; a refusal (4xx) explains
 * itself in Spanish, without zod's English defaults or leaked error text.
 */
export function expectSaneAnswer(answer: Answer, input: string): void {
  expect(answer.status, input).toBeLessThan(500);
  if (answer.status >= 400 && answer.location === null) {
    const messages = messagesOf(answer.body);
    expect(messages.length, `a refusal says why: ${input}`).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message, input).not.toMatch(ENGLISH);
      expect(message.length, input).toBeLessThan(500);
    }
  }
}

/** fast-check's settings for these tests: bounded runs, no time-based shrinking surprises. */
export const propertyRuns = (numRuns: number) => ({ numRuns, endOnFailure: true }) as const;

/**
 * The valid form with one field at a time replaced by `value`: the cases random runs may
 * miss, such as a NUL character (PostgreSQL's text refuses it) in each stored field.
 */
export function eachFieldWith(valid: Record<string, string>, value: string, fixed: Record<string, string> = {}) {
  return Object.keys(valid).map((field) => {
    const form = new FormData();
    for (const [name, text] of Object.entries({ ...valid, ...fixed })) form.set(name, name === field ? value : text);
    return { field, form };
  });
}
