import { buildIfStale } from "../../scripts/build-if-stale.js";

/** Builds once, before any test file runs: the server tests start the production build. */
export default function setup(): void {
  buildIfStale();
}
