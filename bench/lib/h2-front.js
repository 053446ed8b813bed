// An HTTPS front speaking HTTP/2, as README's "Producción" deploys the shop (nginx with
// `listen 443 ssl; http2 on;` and `proxy_pass` to the app): it ends TLS and HTTP/2 and passes
// every request to the app over HTTP/1.1 with the headers nginx's block sets. For the
// benchmarks only: a self-signed certificate for localhost, made with openssl at start.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

// Hop-by-hop headers, and HTTP/2's pseudo-headers, never cross the proxy.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "host",
  "te",
  "http2-settings",
]);

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "patitas-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front on `port`, passing requests to the app on `appPort`. Resolves to { close }. */
export async function startHttp2Front({ port, appPort }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
  server.on("request", (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = req.headers[":authority"] ?? req.headers.host;
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
    headers["x-forwarded-proto"] = "https";
    const upstream = http.request(
      { host: "127.0.0.1", port: appPort, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // A browser keeps its connection open: close() ends every one, or server.close() would wait.
  const sockets = new Set();
  server.on("secureConnection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      }),
  };
}
