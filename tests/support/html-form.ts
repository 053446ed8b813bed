// Reading a server-rendered page's forms as a browser without JavaScript posts them: each
// field's current value, only the ticked boxes, the chosen option. A test then changes the
// fields it means to and posts the rest as the page had them, so it goes through the back
// office's real forms without writing their fields out by hand.

export type HtmlForm = { action: string; method: string; fields: Record<string, string> };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeHtml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    attributes.set(name!.toLowerCase(), decodeHtml(value ?? ""));
  }
  return attributes;
}

const UNSENT_TYPES = new Set(["submit", "button", "image", "reset", "file"]);

function readFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, tag] of body.matchAll(/<input\b([^>]*)>/g)) {
    const attributes = readAttributes(tag!);
    const name = attributes.get("name");
    const type = attributes.get("type") ?? "text";
    if (!name || attributes.has("disabled") || UNSENT_TYPES.has(type)) continue;
    if ((type === "checkbox" || type === "radio") && !attributes.has("checked")) continue;
    fields[name] = attributes.get("value") ?? (type === "checkbox" || type === "radio" ? "on" : "");
  }
  for (const [, tag, options] of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = readAttributes(tag!).get("name");
    if (!name) continue;
    const all = [...options!.matchAll(/<option\b([^>]*)>([^<]*)/g)].map(([, optionTag, text]) => ({
      attributes: readAttributes(optionTag!),
      text: decodeHtml(text!),
    }));
    const chosen = all.find((option) => option.attributes.has("selected")) ?? all[0];
    fields[name] = chosen ? (chosen.attributes.get("value") ?? chosen.text) : "";
  }
  for (const [, tag, text] of body.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = readAttributes(tag!).get("name");
    // The HTML parser drops one newline right after the opening tag.
    if (name) fields[name] = decodeHtml(text!.replace(/^\n/, ""));
  }
  return fields;
}

/** Every form of the page, in order. */
export function readForms(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag, body]) => {
    const attributes = readAttributes(tag!);
    return {
      action: attributes.get("action") ?? "",
      method: (attributes.get("method") ?? "get").toLowerCase(),
      fields: readFields(body!),
    };
  });
}

/** The page's form whose fields hold all of `having` (name → value, or name → true for any value). */
export function findForm(html: string, having: Record<string, string | true>): HtmlForm {
  const form = readForms(html).find((candidate) =>
    Object.entries(having).every(([name, value]) =>
      value === true ? name in candidate.fields : candidate.fields[name] === value,
    ),
  );
  if (!form) throw new Error(`No form with ${JSON.stringify(having)} on the page`);
  return form;
}
