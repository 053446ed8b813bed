/**
 * Only the Set-Cookie headers of a better-auth answer: what a route must pass on to
 * the browser (a session started, renewed or ended) and nothing else.
 */
export function pickSetCookies(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}
