// deploy/docker-compose.yml and the files it uses (ADR 042): parsed, and checked against what
// the app reads. A variable the app does not read is a setting that silently does nothing; a
// required one missing is an instance that does not start, or starts alone.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";
import { parse } from "yaml";

import { projectRoot } from "../support/server-process";

const deploy = (file: string) => path.join(projectRoot, "deploy", file);
const read = (file: string) => readFileSync(file, "utf8");

/** File storage's variables (issue 48's S3 slice; all but S3_PUBLIC_URL needed to use a bucket). */
const S3_VARIABLES = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
const S3_OPTIONAL = ["S3_PUBLIC_URL"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(projectRoot, folder, file));
}

/** Every variable the app reads: the runtime contract's schema (config.server.ts) and direct reads. */
function variablesTheAppReads(): Set<string> {
  const names = new Set<string>();
  const config = read(path.join(projectRoot, "app/config.server.ts"));
  const schema = config.slice(
    config.indexOf("const envSchema"),
    config.indexOf("});", config.indexOf("const envSchema")),
  );
  for (const [, name] of schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)) names.add(name!);
  const files = [
    ...sourceFiles("app"),
    ...sourceFiles("server"),
    path.join(projectRoot, "server.js"),
    ...sourceFiles("scripts"),
  ];
  for (const file of files) {
    for (const [, name] of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(name!);
  }
  // Until the S3 storage lands beside this file, its names are the (then read above too).
  for (const name of [...S3_VARIABLES, ...S3_OPTIONAL]) names.add(name);
  return names;
}

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
};

const compose = parse(read(deploy("docker-compose.yml")), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const shops = Object.entries(compose.services).filter(
  ([, service]) => service.build?.dockerfile === "deploy/Dockerfile",
);

describe("docker-compose.yml", () => {
  test("PostgreSQL, MinIO, two app instances and Caddy in front, the only service with published ports", () => {
    expect(shops.map(([name]) => name)).toEqual(["shop-a", "shop-b"]);
    expect(compose.services.postgres!.image).toMatch(/^postgres:\d+/);
    expect(compose.services.minio!.image).toMatch(/^minio\/minio/);
    expect(compose.services.caddy!.image).toMatch(/^caddy:2/);
    const published = Object.entries(compose.services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name)).toEqual(["caddy"]);
    expect(compose.services.caddy!.ports).toEqual(expect.arrayContaining(["80:80", "443:443"]));
  });

  test("the instances name only variables the app reads, and every one an instance on PostgreSQL and a bucket needs", () => {
    const known = variablesTheAppReads();
    const required = ["DATABASE_URL", "AUTH_SECRET", "APP_URL", "DATA_DIR", ...S3_VARIABLES];
    for (const [name, service] of shops) {
      const names = Object.keys(service.environment ?? {});
      expect(
        names.filter((variable) => !known.has(variable)),
        name,
      ).toEqual([]);
      expect(
        required.filter((variable) => !names.includes(variable)),
        name,
      ).toEqual([]);
      const env = service.environment!;
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/patitas$/);
      // Secrets come from deploy/.env, and compose stops when one is missing (`:?`).
      expect(env.AUTH_SECRET, name).toMatch(/^\$\{AUTH_SECRET:\?/);
      expect(env.APP_URL, name).toMatch(/^https:\/\//);
      expect(env.S3_ENDPOINT, name).toBe("http://minio:9000");
    }
  });

  test("both instances: the same settings, their own DATA_DIR volume, started after the database and the bucket", () => {
    const [[, a], [, b]] = shops as [[string, Service], [string, Service]];
    expect(a.environment).toEqual(b.environment);
    expect(a.volumes).toHaveLength(1);
    expect(a.volumes![0]).not.toBe(b.volumes![0]);
    for (const service of [a, b]) {
      expect(service.volumes![0]!.split(":")[1]).toBe(service.environment!.DATA_DIR);
      expect(service.volumes![0]!.split(":")[0]! in compose.volumes).toBe(true);
      expect(service.depends_on).toMatchObject({
        postgres: { condition: "service_healthy" },
        "minio-bucket": { condition: "service_completed_successfully" },
      });
      expect(service.healthcheck!.test.join(" ")).toContain("/healthz");
    }
  });

  test("deploy/.env.example sets every ${VARIABLE} the compose file asks for", () => {
    const asked = new Set([...read(deploy("docker-compose.yml")).matchAll(/\$\{([A-Z_0-9]+)/g)].map((m) => m[1]!));
    const example = new Set(
      read(deploy(".env.example"))
        .split("\n")
        .filter((line) => /^[A-Z]/.test(line))
        .map((line) => line.split("=")[0]!),
    );
    expect([...asked].filter((name) => !example.has(name))).toEqual([]);
    expect([...example].filter((name) => !asked.has(name))).toEqual([]);
  });
});

describe("Caddyfile", () => {
  const caddyfile = read(deploy("Caddyfile"));
  const lines = caddyfile
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

  test("HTTPS for the shop's domain, balanced over both instances, each checked at /healthz", () => {
    // A site address without http:// gets its certificate and the redirect from HTTP.
    expect(lines[0]).toBe("{$SHOP_DOMAIN} {");
    expect(lines).toContain("reverse_proxy shop-a:3000 shop-b:3000 {");
    expect(lines).toContain("health_uri /healthz");
    expect(lines.some((line) => line.startsWith("lb_try_duration"))).toBe(true);
    expect(compose.services.caddy!.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(compose.services.caddy!.environment).toHaveProperty("SHOP_DOMAIN");
  });

  test("the X-Forwarded-* headers are Caddy's own: none removed, no client trusted to set them", () => {
    expect(caddyfile).not.toMatch(/^\s*header_up\s+-X-Forwarded/m);
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies/m);
    expect(caddyfile).not.toMatch(/^\s*http:\/\//m);
    const open = (caddyfile.match(/\{$/gm) ?? []).length;
    expect((caddyfile.match(/^\s*\}$/gm) ?? []).length).toBe(open);
  });
});

describe("Dockerfile", () => {
  const instructions = read(deploy("Dockerfile"))
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split(" ")[0]);

  test("Node 20, `npm install` (not npm ci), the build, and the shop started by scripts/start.js", () => {
    const dockerfile = read(deploy("Dockerfile"));
    expect(instructions[0]).toBe("FROM");
    expect(dockerfile).toMatch(/^FROM node:20\b/m);
    expect(dockerfile).toMatch(/^RUN npm install\b/m);
    expect(dockerfile).not.toMatch(/^RUN .*npm ci\b/m);
    // patch-package runs as npm install's postinstall: the patches must be in the image first.
    const lines = dockerfile.split("\n");
    expect(lines.indexOf("COPY patches ./patches")).toBeGreaterThan(0);
    expect(lines.indexOf("COPY patches ./patches")).toBeLessThan(lines.indexOf("RUN npm install --no-audit --no-fund"));
    expect(dockerfile).toMatch(/^RUN npx react-router build$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/start\.js"\]$/m);
    expect(read(deploy("Dockerfile.dockerignore")).split("\n")).toEqual(
      expect.arrayContaining(["node_modules", "data"]),
    );
  });
});
