// Issue 41: a refusal React Router answers itself (a POST to a route without an action) was
// logged as 'request failed' with the message '[object Object]'.
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, expect, test, vi } from "vitest";

import { handleError } from "./entry.server";

afterEach(() => vi.restoreAllMocks());

function capture() {
  const lines: Record<string, unknown>[] = [];
  const write = (chunk: unknown) => {
    lines.push(JSON.parse(String(chunk)));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(write);
  vi.spyOn(process.stderr, "write").mockImplementation(write);
  return lines;
}

test("a POST React Router refuses is logged as a refusal with its status and reason, not '[object Object]'", () => {
  const lines = capture();
  const refusal = new ErrorResponseImpl(
    405,
    "Method Not Allowed",
    new Error(
      'You made a POST request to "/api/chatbot" but did not provide an `action` for route "routes/api/chatbot"',
    ),
  );
  handleError(refusal, { request: new Request("http://localhost/api/chatbot", { method: "POST" }), context: {} });
  vi.restoreAllMocks();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: "info",
    msg: "request refused",
    status: 405,
    method: "POST",
    path: "/api/chatbot",
  });
  expect(String(lines[0]!.reason)).toContain("did not provide an `action`");
  expect(JSON.stringify(lines)).not.toContain("[object Object]");
});

test("a real failure is still an error with its message and stack", () => {
  const lines = capture();
  handleError(new Error("base de datos caída"), { request: new Request("http://localhost/productos"), context: {} });
  vi.restoreAllMocks();
  expect(lines[0]).toMatchObject({ level: "error", msg: "request failed", error: "base de datos caída" });
  expect(lines[0]!.stack).toEqual(expect.stringContaining("base de datos caída"));
});
