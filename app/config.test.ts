import path from "node:path";
import { expect, test } from "vitest";
import { readConfig } from "./config.server";

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
  expect(readConfig({ PORT: "4100", APP_URL: "https://tienda.example.pe/" }).appUrl).toBe(
    "https://tienda.example.pe",
  );
  expect(readConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
});

test("a malformed variable stops the start with its name", () => {
  expect(() => readConfig({ PORT: "abc" })).toThrow(/PORT/);
  expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  expect(() => readConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  expect(() => readConfig({ ADMIN_USERNAME: "dueña" })).toThrow(/ADMIN_USERNAME/);
});
