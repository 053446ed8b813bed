// A local S3-compatible server for the tests (s3rver, ADR 041): never a real cloud. Each call
// starts one on a free port with its own folder and bucket; `env` is what the shop reads.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import S3rver from "s3rver";

/** s3rver's only key pair. */
export const S3RVER_KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * @param {{ bucket?: string }} [options]
 * @returns {Promise<{ endpoint: string; bucket: string; env: Record<string, string>; close: () => Promise<void> }>}
 */
export async function startS3Server(options = {}) {
  const bucket = options.bucket ?? "patitas-test";
  const directory = mkdtempSync(path.join(tmpdir(), "patitas-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", ...S3RVER_KEYS },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
