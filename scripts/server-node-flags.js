// How the server's Node process starts, wherever it starts: `npm start` (package.json, which
// cannot import this file and repeats both; tests/server/node-flags.test.ts holds them equal),
// the tests and the benchmarks.
//
// --v8-pool-size=1: V8 does its background work (garbage collection, compiling PGlite's
// WebAssembly) on a pool of 4 threads by default. Each thread's malloc arena stays resident
// after the work is done, and on the usual 1 vCPU server the threads only take turns with the
// requests. One thread: 30–50 MB less at the peak under load, at the same or better throughput
// (bench/README.md, docs/decisions/008).
//
// --max-old-space-size=512 --max-semi-space-size=4: the heap V8 gives itself on the usual
// 1 GB server, on every machine. V8 sizes its heap from the machine's memory: on a large one
// it lets the heap grow further before collecting it, and the same shop under the same load
// then holds about 420 MB instead of 230, for no more throughput. The shop's JavaScript keeps
// 45–66 MB alive, and an Excel import, read as a stream, at most about 35 MB more. On a
// server with less than 1 GB, lower the first figure.
//
// --heap-growing-percent=15: after each full collection, V8 lets the heap grow to 1.15 times what
// is alive before the next one, instead of up to 1.4 (the factor it takes with a 512 MB old
// space). Filled with 3,000 product pages at 10,000 products, the page cache's server peaked at
// 244–261 MB with 1.4, 233–241 with 1.2 (ADR 028); the whole benchmark (hits, the fill, the
// owner's saves) at 237–254 with 1.2 and 237–246 with 1.15, the renders as fast (bench/README.md,
// the page cache's sixth series; ADR 030). The 512 MB ceiling stays for an Excel import read
// whole (230 MB).
export const SERVER_NODE_FLAGS = [
  "--v8-pool-size=1",
  "--max-old-space-size=512",
  "--max-semi-space-size=4",
  "--heap-growing-percent=15",
];

// MALLOC_MMAP_THRESHOLD_: glibc serves a block of 128 KB or more with its own mapping, returned
// to the system when freed. By default glibc raises that threshold to the size of each such
// block freed (up to 32 MB), after which big blocks come from the arenas, whose freed memory
// stays resident between smaller blocks still in use. Fixing it at glibc's initial 128 KB:
// 30–50 MB less at the peak under load, at the same throughput (bench/README.md, ADR 008).
// glibc reads it when the process starts, so it has to be in the environment: it cannot be
// set from JavaScript. Other C libraries ignore it.
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (up to 8 per core),
// and libuv's 4 threads compress the page cache's copies (brotli and gzip, ADR 024) beside the
// render. Each arena keeps its freed memory resident. Two arenas: the page cache's fill peaked at
// 282 MB instead of 310 (bench/README.md, page cache), with no measurable change to the hits' throughput.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };

/** The command line of `npm start`, as package.json must write it. */
export const NPM_START_COMMAND = [
  ...Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`),
  "node",
  ...SERVER_NODE_FLAGS,
  "scripts/start.js",
].join(" ");
