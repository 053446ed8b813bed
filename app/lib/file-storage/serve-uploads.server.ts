import path from "node:path";
import { pipeline } from "node:stream/promises";

import express, { type RequestHandler } from "express";

import type { AppConfig } from "~/config.server";
import { createFileStorage, type FileStorage, type StoredFileBody } from "~/lib/file-storage/storage.js";
import { logError } from "~/lib/log.server";

// /uploads/{hash}-{width}.webp: the public images. Named by their content's hash, a URL never
// changes meaning, so browsers and proxies may keep them for a year. Only the variants' names
// are served. From $DATA_DIR/uploads (express.static, as always), or from the bucket (ADR 041):
// streamed by the app, or sent to S3_PUBLIC_URL (a CDN or public bucket) when it is set.
const VARIANT_PATH = /^\/[a-f0-9]{32}-\d+\.webp$/;
const ONE_YEAR = "public, max-age=31536000, immutable";

const notFound: RequestHandler = (_req, res) => {
  res.status(404).type("text/plain; charset=utf-8").send("Imagen no encontrada.");
};

const onlyVariants: RequestHandler = (req, res, next) => {
  if (VARIANT_PATH.test(req.path)) return next();
  notFound(req, res, next);
};

/** The bucket's object, streamed with the year-long cache headers (a 304 to a browser that has it). */
const streamFrom =
  (storage: FileStorage): RequestHandler =>
  async (req, res, next) => {
    const key = `uploads${req.path}`;
    try {
      const etag = `"${path.basename(req.path, ".webp")}"`;
      if (req.headers["if-none-match"] === etag) {
        res.status(304).setHeader("ETag", etag).setHeader("Cache-Control", ONE_YEAR).end();
        return;
      }
      const isHead = req.method === "HEAD";
      const file = isHead ? await storage.stat(key) : await storage.get(key);
      if (!file) return notFound(req, res, next);
      res.status(200);
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", String(file.size));
      res.setHeader("Cache-Control", ONE_YEAR);
      res.setHeader("ETag", etag);
      res.setHeader("Last-Modified", file.lastModified.toUTCString());
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (isHead || !("body" in file)) {
        res.end();
        return;
      }
      // A visitor who leaves mid-way ends the pipeline, which closes the bucket's stream.
      await pipeline((file as StoredFileBody).body, res).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
      });
    } catch (error) {
      logError("upload not served from the bucket", error, { key });
      if (!res.headersSent) res.status(503).type("text/plain; charset=utf-8").send("Imagen no disponible por ahora.");
      else res.destroy();
    }
  };

/** The handlers for app.use("/uploads", …). */
export function serveUploads(config: AppConfig): RequestHandler[] {
  if (!config.s3) {
    return [
      onlyVariants,
      express.static(path.join(config.dataDir, "uploads"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
      }),
      notFound,
    ];
  }
  const publicUrl = config.s3.publicUrl;
  if (publicUrl) {
    return [
      onlyVariants,
      (req, res) => {
        // Kept a day, not a year: the owner may move the CDN, or drop it, and browsers follow.
        res.setHeader("Cache-Control", "public, max-age=86400");
        res.redirect(302, `${publicUrl}/uploads${req.path}`);
      },
    ];
  }
  return [onlyVariants, streamFrom(createFileStorage(config))];
}
