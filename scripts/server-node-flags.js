// The Node flags the server runs with, wherever it starts: `npm start` (package.json, which
// cannot import this file and repeats them; tests/server/node-flags.test.ts holds the two
// equal), the tests and the benchmarks.
//
// --v8-pool-size=1: V8 does its background work (garbage collection, compiling PGlite's
// WebAssembly) on a pool of 4 threads by default. Each thread's malloc arena stays resident
// after the work is done, and on the usual 1 vCPU server the threads only take turns with the
// requests. One thread: 30–50 MB less at the peak under load, at the same or better throughput
// (bench/README.md, docs/decisions/008).
export const SERVER_NODE_FLAGS = ["--v8-pool-size=1"];
