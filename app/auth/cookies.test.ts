// Issue 7, Security 3: the attributes of every cookie the shop sets. Session (better-auth),
// toast flash, cart, placed orders and complaint confirmation: HttpOnly (no script reads
// them), SameSite=Lax (not sent on another site's POST), Path=/, and Secure exactly when
// the shop runs on HTTPS (APP_URL). Each APP_URL gets fresh modules, because the cookies
// and the better-auth instance are built once from the configuration.
import { afterEach, describe, expect, test, vi } from "vitest";

import { seededShopWithAdmin } from "~test/seeded-shop";

seededShopWithAdmin();

afterEach(() => {
  vi.unstubAllEnvs();
});

type ParsedCookie = { name: string; attributes: Map<string, string> };

function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(";").map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const [key, ...value] = part.split("=");
      return [key!.toLowerCase(), value.join("=")] as const;
    }),
  );
  return { name: pair!.split("=")[0]!, attributes };
}

/** Every cookie the shop sets, as Set-Cookie headers, with modules built for `appUrl`. */
async function setCookiesFor(appUrl: string): Promise<ParsedCookie[]> {
  vi.stubEnv("APP_URL", appUrl);
  vi.resetModules();
  const { getAuth } = await import("~/auth/auth.server");
  const { signInAdmin } = await import("~/domain/users/admin-sign-in.server");
  const { serializeToast } = await import("~/lib/toast.server");
  const { ensureCart } = await import("~/domain/cart/cart.server");
  const { rememberPlacedOrder } = await import("~/domain/orders/order.server");
  const { serializeComplaintConfirmation } = await import("~/domain/complaints/complaint-confirmation.server");

  const email = `cookies-${Math.random().toString(36).slice(2)}@example.pe`;
  const signUp = await getAuth().api.signUpEmail({
    body: { email, password: "secreto123", name: "Cookies" },
    returnHeaders: true,
  });
  const adminHeaders = await signInAdmin(new Request(`${appUrl}/admin`), {
    username: "admin",
    password: "clave-admin-1",
  });
  const request = new Request(`${appUrl}/carrito`);
  const { setCookie: cart } = await ensureCart(request, null);
  const headers = [
    ...signUp.headers.getSetCookie(),
    ...(adminHeaders?.getSetCookie() ?? []),
    await serializeToast({ title: "Hola" }),
    cart!,
    await rememberPlacedOrder(request, "PED-000001"),
    await serializeComplaintConfirmation(
      { code: "2026-000001", createdAt: new Date(), dueDate: "2026-12-15", email: email } as never,
      true,
    ),
  ];
  return headers.map(parseSetCookie);
}

const EXPECTED = ["patitas.session_token", "patitas_toast", "patitas_cart", "patitas_orders", "patitas_complaint"];

describe.each([
  { appUrl: "https://tienda.example", isSecure: true },
  { appUrl: "http://localhost:3000", isSecure: false },
])("with APP_URL=$appUrl", ({ appUrl, isSecure }) => {
  test(`every cookie is HttpOnly, SameSite=Lax, Path=/${isSecure ? " and Secure" : ", not Secure"}`, async () => {
    const cookies = await setCookiesFor(appUrl);
    const names = cookies.map((cookie) => cookie.name.replace(/^__Secure-/, ""));
    for (const name of EXPECTED) expect(names, name).toContain(name);
    for (const cookie of cookies) {
      expect(cookie.attributes.has("httponly"), cookie.name).toBe(true);
      expect(cookie.attributes.get("samesite")?.toLowerCase(), cookie.name).toBe("lax");
      expect(cookie.attributes.get("path"), cookie.name).toBe("/");
      expect(cookie.attributes.has("secure"), cookie.name).toBe(isSecure);
    }
    // On HTTPS better-auth also uses the __Secure- prefix: a browser refuses such a cookie
    // unless it came over HTTPS with Secure, so a plain-HTTP page cannot plant a session.
    const session = cookies.find((cookie) => cookie.name.endsWith("patitas.session_token"))!;
    expect(session.name).toBe(isSecure ? "__Secure-patitas.session_token" : "patitas.session_token");
  });
});
