// A route's own bound on the body it reads (the image upload, the Excel import): whatever
// the server in front already checked, no more than `limit` bytes are ever kept.
// (request-body.server.ts bounds every body at the Express level, before routing.)

/** Reads a request body up to `limit` bytes; null when it is longer. */
export async function readBodyWithLimit(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
