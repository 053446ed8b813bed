/**
 * `token` with one character certainly changed: the tenth from its end, which in a base64url
 * signature carries six bits of it. Changing the last characters instead can leave the token
 * valid: the last character of a 32-byte signature holds only four bits, the rest is padding
 * that decoding drops, so 'xx' written over an ending such as 'xz' decodes to the same bytes.
 */
export function tamper(token: string): string {
  const at = Math.max(0, token.length - 10);
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}
