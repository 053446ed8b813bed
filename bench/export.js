// The Excel exports on the production build with a generated shop: the catalogue's, then
// every order's (/admin/pedidos/exportar, no date range), each download's time and size,
// and the server's resident memory at its peak during it.
//   node bench/export.js [--products 10000] [--runs 3] [--out FILE] [--memory-cgroup DIR]
// (writes bench/results/export-<products>.json, or FILE). The shop is the one bench/load.js
// uses (generated once into $TMPDIR/patitas-bench-<products>).
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { generateShop } from "./generate.js";
import { signInAsAdmin, startBenchServer, writeBenchResult } from "./lib/server.js";

export async function runExport({ products, runs, memoryCgroup = null }) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
  const meta = await generateShop({ products, dataDir });
  const server = await startBenchServer({ dataDir, memoryCgroup });
  try {
    const cookie = await signInAsAdmin(server.url);
    // The storefront's home, so that the baseline is a server that has served a page.
    await fetch(server.url).then((response) => response.arrayBuffer());
    const idleRssMb = Math.round(server.sampleRss());
    const download = async (pathname) => {
      server.sampleRss();
      const started = performance.now();
      const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
      const result = {
        seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        megabytes: Number((bytes.byteLength / 1024 / 1024).toFixed(2)),
        peakRssMb: Math.round(server.sampleRss()),
      };
      process.stderr.write(`  ${pathname}: ${JSON.stringify(result)}\n`);
      return result;
    };
    const downloads = [];
    const orderDownloads = [];
    for (let run = 0; run < runs; run += 1) downloads.push(await download("/admin/productos/exportar"));
    for (let run = 0; run < runs; run += 1) orderDownloads.push(await download("/admin/pedidos/exportar"));
    return {
      products,
      idleRssMb,
      downloads,
      orders: meta.orders,
      orderDownloads,
      serverPeakRssMb: Math.round(server.peakRssMb()),
      date: new Date().toISOString(),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const products = Number(option("products", "10000"));
  const result = await runExport({
    products,
    runs: Number(option("runs", "3")),
    memoryCgroup: option("memory-cgroup", null),
  });
  const out = option("out", null);
  const file = out ? path.resolve(out) : writeBenchResult(`export-${products}.json`, result);
  if (out) writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`Written to ${file}`);
}
