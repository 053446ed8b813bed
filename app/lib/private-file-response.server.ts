// The answers of the routes that serve a private image (a payment receipt, a pet's photo): the
// bytes with headers that keep them out of every cache and from being sniffed as something else,
// or a plain 404 that says the same whether the file is missing or the asker may not see it.
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" } as const;

type PrivateImage = { bytes: Uint8Array; contentType: string };

/** The image, shown inline, saved as `{stem}.{jpeg|png|webp}` when the browser downloads it. */
export function privateImageResponse(image: PrivateImage, stem: string): Response {
  const extension = image.contentType.replace("image/", "");
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${stem}.${extension}"`,
    },
  });
}

/** A 404 in plain Spanish text ('Comprobante no encontrado.'), never cached. */
export function privateNotFound(message: string): Response {
  return new Response(message, {
    status: 404,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}
