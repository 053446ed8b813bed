// deploy/: the systemd units that keep the shop running, and the health check that restarts
// it when /healthz fails. The script runs for real against a local HTTP server, with a
// stand-in `systemctl` that records what it was asked.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, test } from "vitest";

import { projectRoot } from "../support/server-process";

const deploy = (file: string) => path.join(projectRoot, "deploy", file);

describe("the service unit", () => {
  test("restarts the shop whenever it stops, without a limit, and stops it with SIGTERM", () => {
    const unit = readFileSync(deploy("patitas.service"), "utf8");
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^StartLimitIntervalSec=0$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node scripts\/start\.js$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });

  test("systemd reads the three units without a complaint", () => {
    const result = spawnSync(
      "systemd-analyze",
      [
        "verify",
        "--man=no",
        deploy("patitas.service"),
        deploy("patitas-healthcheck.service"),
        deploy("patitas-healthcheck.timer"),
      ],
      {
        encoding: "utf8",
      },
    );
    // The only thing systemd may miss here is the install path of the script, /srv/patitas.
    const complaints = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter((line) => line.trim() && !line.includes("/srv/patitas/deploy/healthcheck.sh"));
    expect(complaints).toEqual([]);
  });
});

describe("healthcheck.sh", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** Runs the script against a /healthz answering `status`; what systemctl was asked. */
  async function runHealthcheck(status: number): Promise<string[]> {
    server = createServer((_req, res) => res.writeHead(status).end("{}"));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const bin = mkdtempSync(path.join(tmpdir(), "patitas-systemctl-"));
    const calls = path.join(bin, "calls.txt");
    writeFileSync(calls, "");
    writeFileSync(
      path.join(bin, "systemctl"),
      `#!/bin/sh\necho "$@" >> ${calls}\n[ "$1" = "is-active" ] && echo active\nexit 0\n`,
    );
    chmodSync(path.join(bin, "systemctl"), 0o755);
    await runScript(deploy("healthcheck.sh"), {
      PATH: `${bin}:${process.env.PATH}`,
      PORT: String(port),
      HEALTHCHECK_RETRY_SECONDS: "0",
    });
    return readFileSync(calls, "utf8").trim().split("\n");
  }

  test("a shop answering 503 twice is restarted", async () => {
    expect(await runHealthcheck(503)).toEqual(["is-active patitas.service", "restart patitas.service"]);
  });

  test("a healthy shop is left alone", async () => {
    expect(await runHealthcheck(200)).toEqual(["is-active patitas.service"]);
  });
});

/** Runs a script without blocking the event loop (the HTTP server above must answer it). */
function runScript(command: string, env: Record<string, string>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, [], { env: { ...process.env, ...env }, stdio: "ignore" });
    child.once("exit", () => resolve());
    child.once("error", reject);
  });
}
