// npm start: build if needed, then serve (migrations and seed run inside the server).
import { buildIfStale } from "./build-if-stale.js";

buildIfStale();
process.env.NODE_ENV = "production";
await import("../server.js");
