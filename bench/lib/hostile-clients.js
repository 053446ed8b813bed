// Hostile clients on raw sockets, as issue 29 found them: a body flood (one huge form post,
// declared or chunked) and slow clients (posts that trickle one byte at a time). Used by
// bench/hostile.js and tests/server/hostile-traffic.test.ts.
import { connect } from "node:net";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a raw socket got back: the status code (0 when the server closed without one) and the text. */
function collectAnswer(socket) {
  return new Promise((resolve) => {
    const chunks = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.once("error", () => undefined);
    socket.once("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

/**
 * POSTs `megabytes` of 'A' after a contact form's fields, as fast as the server takes them,
 * declared up front (`length`: Content-Length) or `chunked`; stops when the server closes the
 * connection, and resolves with what it answered (status -1 when nothing within 15 s).
 */
export async function floodPost(port, path, megabytes, framing) {
  const socket = connect(port, "127.0.0.1");
  const answer = collectAnswer(socket);
  await new Promise((resolve) => {
    socket.once("connect", resolve);
    socket.once("error", resolve);
  });
  const prefix = "fullName=Ana&email=ana%40example.pe&subject=Hola&message=";
  const total = megabytes * 1024 * 1024;
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      (framing === "length" ? `Content-Length: ${prefix.length + total}\r\n` : "Transfer-Encoding: chunked\r\n") +
      "\r\n",
  );
  const frame = (data) =>
    framing === "length"
      ? data
      : Buffer.concat([
          Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`),
          Buffer.from(data),
          Buffer.from("\r\n"),
        ]);
  const chunk = Buffer.alloc(256 * 1024, "A");
  socket.write(frame(prefix));
  for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(frame(chunk))) {
      await new Promise((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    }
  }
  if (!socket.destroyed && framing === "chunked") socket.write("0\r\n\r\n");
  const result = await Promise.race([answer, sleep(15_000).then(() => ({ status: -1, text: "no answer in 15 s" }))]);
  socket.destroy();
  return result;
}

/**
 * Opens `count` connections that each announce a form of `contentLength(i)` bytes to
 * `path` and then send one byte every `everyMs`. `answers` resolve when the server closes
 * each; `stop()` closes them all.
 */
export function trickle(port, { count, contentLength, everyMs = 2_000, path = "/contacto" }) {
  const sockets = [];
  const timers = [];
  const answers = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    answers.push(collectAnswer(socket));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${contentLength(i)}\r\n\r\nf`,
    );
    timers.push(setInterval(() => !socket.destroyed && socket.write("A"), everyMs));
  }
  return {
    answers,
    stop() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Opens `count` uploads to `path` (a receipt to an order's page, with the order's `cookie`),
 * each announcing `declaredBytes` of multipart body, sending `sentBytes` of it and then
 * stalling. `answers` resolve when the server answers or closes each; `stop()` closes them.
 */
export function stallUploads(port, { count, path, cookie, declaredBytes, sentBytes }) {
  const sockets = [];
  const answers = [];
  const filler = Buffer.alloc(sentBytes, "A");
  for (let i = 0; i < count; i++) {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    answers.push(collectAnswer(socket));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
    );
    socket.write(filler);
  }
  return {
    answers,
    stop() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
