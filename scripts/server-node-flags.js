// How the server's Node process starts, wherever it starts: scripts/start.js (so `npm start`,
// the systemd unit, a container), the tests and the benchmarks. The one list of them (ADR 035).
//
// --v8-pool-size=1: V8 does its background work (garbage collection, compiling PGlite's
// WebAssembly) on a pool of 4 threads by default. Each thread's malloc arena stays resident
// after the work is done, and on the usual 1 vCPU server the threads only take turns with the
// requests. One thread: less memory at the peak under load, at the same or better throughput
// (figures: docs/decisions/008).
//
// --max-old-space-size=512 --max-semi-space-size=4: the heap V8 gives itself on the usual
// 1 GB server, on every machine. V8 sizes its heap from the machine's memory: on a large one
// it lets the heap grow further before collecting it, and the same shop under the same load
// then holds far more, for no more throughput. What the shop's JavaScript keeps alive, even
// during an Excel import read as a stream, fits well within that heap (ADR 008). On a server
// with less than 1 GB, lower the first figure.
//
// --heap-growing-percent=15: after each full collection, V8 lets the heap grow to 1.15 times what
// is alive before the next one, instead of up to 1.4 (the factor it takes with a 512 MB old
// space). Filled with 3,000 product pages at 10,000 products, the page cache's server peaked
// lower with 1.2 than with 1.4 (ADR 028), and its whole benchmark (hits, the fill, the owner's
// saves) lower still with 1.15, the renders as fast (ADR 030; bench/README.md, 'Page cache:
// peak RSS'). The 512 MB ceiling stays for an Excel import read whole (ADR 008).
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
// less memory at the peak under load, at the same throughput (figures: ADR 008).
// glibc reads it when the process starts, so it has to be in the environment: it cannot be
// set from JavaScript. Other C libraries ignore it.
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (up to 8 per core),
// and libuv's 4 threads compress the page cache's copies (brotli and gzip, ADR 024) beside the
// render. Each arena keeps its freed memory resident. Two arenas: a lower peak in the page cache's
// fill (ADR 024), with no measurable change to the hits' throughput.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };
