import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { readFileSync } from "node:fs";
const lines = readFileSync(process.argv[2], "utf8").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
const last = Number(process.argv[3] ?? 40);
const db = await PGlite.create(process.argv[4] ?? "/tmp/benchcopy/db", { extensions: { pg_trgm, fuzzystrmatch } });
const sel = lines.slice(-last);
const fix = (p) => p.map((v) => (typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v) ? v : v));
for (let round = 0; round < 2; round++) {
  const out = [];
  for (const { query, params } of sel) {
    const t = performance.now();
    try { for (let i = 0; i < 5; i++) await db.query(query, fix(params)); } catch (e) { out.push(["ERR " + e.message.slice(0, 60), query.slice(0, 100)]); continue; }
    out.push([((performance.now() - t) / 5).toFixed(2), query.replace(/\s+/g, " ").slice(0, 150)]);
  }
  if (round === 1) out.sort((a, b) => Number(b[0]) - Number(a[0])).slice(0, 15).forEach((r) => console.log(r[0].padStart(7), r[1]));
}
process.exit(0);
