// Fails when a tracked file still holds a merge's conflict markers: Prettier formats them as
// text in Markdown and YAML, so a half-resolved merge could land unnoticed (it did, in README).
//   node scripts/check-conflict-markers.js
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MARKER = /^(<{7}|>{7}) |^={7}$/m;

const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
const conflicted = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted in the working tree
  }
  if (text.includes("\0")) continue; // binary
  const match = MARKER.exec(text);
  if (match) conflicted.push(`${file}:${text.slice(0, match.index).split("\n").length}`);
}
if (conflicted.length > 0) {
  console.error(`Merge-conflict markers left in:\n  ${conflicted.join("\n  ")}`);
  process.exit(1);
}
