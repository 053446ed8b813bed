// Where a server's CPU time went, from the V8 CPU profiles `node --cpu-prof` writes (issue 47):
// self time grouped by package (node_modules/<name>, the app's own build, Node's internals)
// and the top functions.
//   node bench/profile-summary.js FILE.cpuprofile [FILE…] [--top 25]
import { readFileSync } from "node:fs";

function groupOf(url) {
  if (!url) return "(native, GC, idle)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node (internals)";
  if (url.includes("/build/server/")) return "app (build/server)";
  return url.replace(/^file:\/\//, "");
}

export function summarize(files, top = 25) {
  const byGroup = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8"));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, index) => {
      const node = nodes.get(id);
      const micros = deltas[index] ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === "(idle)" || functionName === "(program)") return;
      total += micros;
      const group = functionName === "(garbage collector)" ? "(garbage collector)" : groupOf(url);
      byGroup.set(group, (byGroup.get(group) ?? 0) + micros);
      const key = `${functionName || "(anonymous)"} ${groupOf(url)}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    });
  }
  const rank = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: Number((micros / total).toFixed(3)) }));
  return { busyMs: Math.round(total / 1000), byGroup: rank(byGroup), byFunction: rank(byFunction) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const top = topAt === -1 ? 25 : Number(args[topAt + 1]);
  const files = args.filter((arg, index) => !arg.startsWith("--") && (topAt === -1 || index !== topAt + 1));
  console.log(JSON.stringify(summarize(files, top), null, 2));
}
