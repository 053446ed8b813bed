// The owner saving a product every second while shoppers read its page (issue 26): every
// answer to a request sent after a save's answer must show the saved price. A STALE answer
// (the previous copy, while the new page renders) may not, for at most a second: counted apart.
import { signInAsAdmin } from "./server.js";

const HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "patitas-bench" };

const decode = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
};

/** The edit form's fields as the browser would send them (inputs, checked boxes, textareas, selects). */
function readForm(html) {
  // The editor's form: the one with the product's title (the layout has a sign-out form too).
  const forms = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((match) => match[1]);
  const form = forms.find((body) => body.includes('name="title"')) ?? "";
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || type === "file" || type === "submit") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=""|\s|>|\/)/.test(tag)) continue;
    fields.append(name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""));
  }
  for (const [, open, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(open, "name");
    if (name) fields.append(name, decode(text));
  }
  for (const [, open, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(open, "name");
    const selected = /<option\b[^>]*\sselected[^>]*>/.exec(options)?.[0] ?? /<option\b[^>]*>/.exec(options)?.[0];
    if (name && selected) fields.append(name, attribute(selected, "value") ?? "");
  }
  return fields;
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function runWriteBurst(server, { productId, connections, seconds }) {
  const cookie = await signInAsAdmin(server.url);
  const editPath = `/admin/productos/editar/${productId}`;
  const form = readForm(await (await fetch(`${server.url}${editPath}`, { headers: { cookie } })).text());
  // A product without presentaciones has 'price'; with them, the first presentación's is shown first.
  const priceField = [...form.keys()].find((name) => name === "price" || /price$/i.test(name));
  if (!priceField) throw new Error("The product editor has no price field.");
  const pagePath = `/producto/${productId}`;
  /** The prices saved so far, in order: a read sent after save k must show save k's or a later one. */
  const saved = [];
  const counts = { reads: 0, afterSave: 0, showsSaved: 0, staleOld: 0, wrong: 0, byCache: {} };
  const latencies = { HIT: [], MISS: [], STALE: [], other: [] };
  let running = true;

  const reader = async () => {
    while (running) {
      const known = saved.length;
      const sentAt = performance.now();
      const response = await fetch(`${server.url}${pagePath}`, { headers: HEADERS });
      // As a shopper reads it: React's text separators out, the price's no-break space a space.
      const body = (await response.text()).replaceAll("<!-- -->", "").replaceAll("\u00a0", " ");
      const status = response.headers.get("x-cache") ?? "other";
      (latencies[status] ?? latencies.other).push(performance.now() - sentAt);
      counts.reads++;
      counts.byCache[status] = (counts.byCache[status] ?? 0) + 1;
      if (known === 0) continue;
      counts.afterSave++;
      if (saved.slice(known - 1).some((price) => body.includes(price))) counts.showsSaved++;
      else if (status === "STALE") counts.staleOld++;
      else counts.wrong++;
    }
  };
  const writer = async () => {
    const saves = [];
    for (let index = 1; index <= seconds; index++) {
      const started = performance.now();
      const price = (500 + index / 100).toFixed(2);
      form.set(priceField, price);
      const response = await fetch(`${server.url}${editPath}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      await response.arrayBuffer();
      if (response.status !== 302) throw new Error(`The save was refused: ${response.status}`);
      // From here on, every request sent must show it.
      saved.push(`S/ ${price}`);
      saves.push(Math.round(performance.now() - started));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - started))));
    }
    running = false;
    return saves;
  };
  const [saves] = await Promise.all([writer(), ...Array.from({ length: connections }, reader)]);
  const summary = {};
  for (const [status, list] of Object.entries(latencies)) {
    const sorted = list.sort((a, b) => a - b);
    summary[status] = {
      count: sorted.length,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
    };
  }
  return { productId, saves: saves.length, saveMs: saves, counts, latency: summary };
}

const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
