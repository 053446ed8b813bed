// Where the server's resident memory goes, part by part, read from /proc/PID/smaps: once the
// server listens, and again after some load on the storefront's pages (home, a catalogue
// page, a search, a product page, the way a shopper reads them).
//   node bench/memory-map.js [--products 10000] [--duration 30] [--memory-cgroup DIR]
// (writes bench/results/memory-map-<products>.json). Linux only: it reads /proc.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import autocannon from "autocannon";

import { generateShop } from "./generate.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";

const MB = 1024 * 1024;
// glibc gives each thread arena a 64 MB reservation, aligned on 64 MB.
const ARENA_BYTES = 64 * MB;

export const PARTS = [
  "the node executable, mapped from disk",
  "PGlite's WebAssembly memory",
  "malloc: the main heap and the thread arenas",
  "compiled code, JavaScript and WebAssembly",
  "V8's JavaScript heap and other anonymous mappings",
  "shared libraries and other files",
];

/** The mappings of /proc/PID/smaps: address range, permissions, name and resident size. */
export function readMappings(smapsText) {
  const mappings = [];
  for (const line of smapsText.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]}`);
      const end = BigInt(`0x${head[2]}`);
      mappings.push({ start, bytes: Number(end - start), perms: head[3], name: head[4], rssBytes: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings.at(-1).rssBytes = Number(rss[1]) * 1024;
  }
  return mappings;
}

/**
 * Sorts each mapping into one of PARTS. A WebAssembly memory is a read-write mapping followed
 * by the gigabytes of inaccessible guard V8 reserves after it; a thread arena is a read-write
 * mapping on a 64 MB boundary whose inaccessible rest completes the 64 MB.
 */
export function classifyMappings(mappings, executablePath) {
  const totals = Object.fromEntries(PARTS.map((part) => [part, 0]));
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const guardAfter =
      next && next.name === "" && next.perms === "---p" && next.start === mapping.start + BigInt(mapping.bytes)
        ? next.bytes
        : 0;
    let part;
    if (mapping.name === executablePath) part = PARTS[0];
    else if (mapping.name === "" && mapping.perms === "rw-p" && guardAfter >= 1024 * MB) part = PARTS[1];
    else if (mapping.name === "[heap]") part = PARTS[2];
    else if (
      mapping.name === "" &&
      mapping.perms === "rw-p" &&
      mapping.start % BigInt(ARENA_BYTES) === 0n &&
      mapping.bytes + guardAfter === ARENA_BYTES
    )
      part = PARTS[2];
    else if (mapping.perms.includes("x") && (mapping.name === "" || mapping.name.startsWith("["))) part = PARTS[3];
    else if (mapping.name === "" || mapping.name.startsWith("[")) part = PARTS[4];
    else part = PARTS[5];
    totals[part] += mapping.rssBytes;
  });
  return totals;
}

function readParts(pid) {
  const totals = classifyMappings(readMappings(readFileSync(`/proc/${pid}/smaps`, "utf8")), process.execPath);
  return Object.fromEntries(Object.entries(totals).map(([part, bytes]) => [part, Math.round(bytes / MB)]));
}

export async function runMemoryMap({ products, duration, memoryCgroup = null }) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
  const meta = await generateShop({ products, dataDir });
  const server = await startBenchServer({ dataDir, memoryCgroup });
  try {
    const afterStart = readParts(server.pid);
    const paths = [
      "/",
      "/productos/gatos/juguetes",
      "/productos?q=pelota",
      `/producto/${Math.ceil(meta.benchProductId / 2)}`,
    ];
    await new Promise((resolve, reject) => {
      autocannon(
        { url: server.url, connections: 10, duration, requests: paths.map((p) => ({ method: "GET", path: p })) },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    const afterLoad = readParts(server.pid);
    return {
      products,
      durationSeconds: duration,
      memoryCgroup,
      afterStart,
      afterLoad,
      peakRssMb: Math.round(server.peakRssMb()),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : args[at + 1];
  };
  const cgroup = option("memory-cgroup", null);
  const report = await runMemoryMap({
    products: Number(option("products", 10_000)),
    duration: Number(option("duration", 30)),
    memoryCgroup: cgroup ? path.resolve(cgroup) : null,
  });
  writeBenchResult(`memory-map-${report.products}.json`, { date: new Date().toISOString(), ...report });
  const sum = (parts) => Object.values(parts).reduce((a, b) => a + b, 0);
  console.log(`| part | after start (MB) | after ${report.durationSeconds} s of load (MB) |\n|---|---|---|`);
  for (const part of PARTS) console.log(`| ${part} | ${report.afterStart[part]} | ${report.afterLoad[part]} |`);
  console.log(`| total | ${sum(report.afterStart)} | ${sum(report.afterLoad)} |`);
  console.log(`\nPeak RSS over the run (VmHWM): ${report.peakRssMb} MB.`);
}
