import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";

import express from "express";
import { expect, test } from "vitest";

import { checkSharedAuthSecret, readConfig } from "./config.server";

test("defaults of the runtime contract", () => {
  const config = readConfig({});
  expect(config.port).toBe(3000);
  expect(config.appUrl).toBe("http://localhost:3000");
  expect(config.dataDir).toBe(path.resolve("./data"));
  expect(config.databaseUrl).toBeUndefined();
  expect(config.admin).toEqual({ username: "admin", email: "admin@localhost", password: undefined });
  expect(config.smtpUrl).toBeUndefined();
  expect(config.authSecret).toBeUndefined();
});

test("APP_URL follows PORT unless given; empty values count as unset", () => {
  expect(readConfig({ PORT: "4100" }).appUrl).toBe("http://localhost:4100");
  expect(readConfig({ PORT: "4100", APP_URL: "https://tienda.example.pe/" }).appUrl).toBe("https://tienda.example.pe");
  expect(readConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
});

test("a malformed variable stops the start with its name", () => {
  expect(() => readConfig({ PORT: "abc" })).toThrow(/PORT/);
  expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  expect(() => readConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  expect(() => readConfig({ ADMIN_USERNAME: "dueña" })).toThrow(/ADMIN_USERNAME/);
});

test("TRUST_PROXY: the private network by default, a hop count or a list of addresses and ranges", () => {
  expect(readConfig({}).trustProxy).toBe("loopback, linklocal, uniquelocal");
  expect(readConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  expect(readConfig({ TRUST_PROXY: "loopback, 173.245.48.0/20, 2400:cb00::/32" }).trustProxy).toBe(
    "loopback, 173.245.48.0/20, 2400:cb00::/32",
  );
  for (const wrong of ["todos", "10.0.0.0/33", "2400:cb00::/129", "1.2.3", "loopback;10.0.0.1", "-1"]) {
    expect(() => readConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  }
});

test("TRUST_PROXY decides whose X-Forwarded-For names the visitor", async () => {
  const ipSeen = async (trustProxy: string | undefined) => {
    const app = express();
    app.set("trust proxy", readConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }).trustProxy);
    app.get("/", (req, res) => res.send(req.ip));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": "190.12.34.56" } });
      return await answer.text();
    } finally {
      server.close();
    }
  };
  // A proxy on this machine is trusted by default, and by a hop count.
  expect(await ipSeen(undefined)).toBe("190.12.34.56");
  expect(await ipSeen("1")).toBe("190.12.34.56");
  // Only a CDN's range: a request from anywhere else cannot choose its address.
  expect(await ipSeen("173.245.48.0/20")).toBe("127.0.0.1");
});

test("PAGE_CACHE_MB: 32 MB by default, 0 turns the page cache off, nonsense stops the start", () => {
  expect(readConfig({}).pageCacheBytes).toBe(32 * 1024 * 1024);
  expect(readConfig({ PAGE_CACHE_MB: "0" }).pageCacheBytes).toBe(0);
  expect(readConfig({ PAGE_CACHE_MB: "8.5" }).pageCacheBytes).toBe(8.5 * 1024 * 1024);
  expect(() => readConfig({ PAGE_CACHE_MB: "-1" })).toThrow(/PAGE_CACHE_MB/);
  expect(() => readConfig({ PAGE_CACHE_MB: "mucho" })).toThrow(/PAGE_CACHE_MB/);
});

test("PostgreSQL needs an explicit AUTH_SECRET, the embedded database does not", () => {
  const postgres = { DATABASE_URL: "postgres://tienda@db/tienda", DATA_DIR: "/tmp/x" };
  expect(() => checkSharedAuthSecret(readConfig(postgres))).toThrow(/^AUTH_SECRET is not set: with DATABASE_URL/);
  expect(() => checkSharedAuthSecret(readConfig({ ...postgres, AUTH_SECRET: "" }))).toThrow(/AUTH_SECRET/);
  expect(() => checkSharedAuthSecret(readConfig({ ...postgres, AUTH_SECRET: "secreto-compartido-123" }))).not.toThrow();
  expect(() => checkSharedAuthSecret(readConfig({ DATA_DIR: "/tmp/x" }))).not.toThrow();
});

test("process.env is read once while its variables stay, and again as soon as one changes", () => {
  const saved = { alerts: process.env.SHOP_ALERTS_PER_HOUR, bucket: process.env.S3_BUCKET };
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  try {
    process.env.SHOP_ALERTS_PER_HOUR = "7";
    const first = readConfig();
    expect(first.shopAlertsPerHour).toBe(7);
    expect(readConfig()).toBe(first);
    process.env.SOMETHING_ELSE_ENTIRELY = "x";
    expect(readConfig()).toBe(first);
    process.env.SHOP_ALERTS_PER_HOUR = "12";
    expect(readConfig().shopAlertsPerHour).toBe(12);
    // A half-configured bucket is refused at every read, never kept.
    process.env.S3_BUCKET = "tienda";
    expect(() => readConfig()).toThrow(/S3 storage is half configured/);
    expect(() => readConfig()).toThrow(/S3 storage is half configured/);
  } finally {
    delete process.env.SOMETHING_ELSE_ENTIRELY;
    restore("SHOP_ALERTS_PER_HOUR", saved.alerts);
    restore("S3_BUCKET", saved.bucket);
  }
  expect(readConfig().s3).toBeUndefined();
});
