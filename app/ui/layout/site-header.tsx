import { Form, href, Link, NavLink } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

const navLinks = [
  { to: href("/"), label: "Inicio", end: true },
  { to: href("/nosotros"), label: "Nosotros", end: false },
  { to: buildCatalogPath("products"), label: "Productos", end: false },
  { to: buildCatalogPath("services"), label: "Servicios", end: false },
  { to: href("/contacto"), label: "Contacto", end: false },
];

export type HeaderProps = {
  shopName: string;
  logo: string | null;
  cartCount: number;
  user: { displayName: string } | null;
};

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-full px-3 py-2 font-medium transition-colors hover:bg-primary-soft",
    isActive && "bg-primary-soft text-primary-strong",
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <NavLink to={href("/carrito")} className={navClass} aria-label={`Carrito (${count})`}>
      <span className="relative inline-flex items-center gap-1.5">
        <Icon name="shopping-cart" className="size-5" aria-hidden />
        <span>Carrito</span>
        {count > 0 ? (
          <span
            data-testid="cart-badge"
            className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-secondary px-1.5 text-xs font-bold text-ink"
          >
            {count}
          </span>
        ) : null}
      </span>
    </NavLink>
  );
}

function AccountArea({ user }: { user: HeaderProps["user"] }) {
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={href("/auth")}>Ingresar/Registrarse</Link>
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link
        to={href("/perfil")}
        className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-medium hover:bg-primary-soft"
      >
        <Icon name="user-round" className="size-5" aria-hidden />
        {user.displayName}
      </Link>
      <Form method="post" action={href("/salir")}>
        <input type="hidden" name="redirectTo" value={href("/")} />
        <Button type="submit" variant="ghost" size="sm">
          Salir
        </Button>
      </Form>
    </div>
  );
}

export function SiteHeader({ shopName, logo, cartCount, user }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-primary/20 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <Link to={href("/")} className="flex shrink-0 items-center gap-2" aria-label={`${shopName}: inicio`}>
          <img
            {...responsiveImage(logo, "44px")}
            alt=""
            width={44}
            height={44}
            className="size-11 rounded-xl object-contain"
          />
          <span className="text-xl font-bold text-primary-strong">{shopName}</span>
        </Link>

        <nav aria-label="Principal" className="hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
              {link.label}
            </NavLink>
          ))}
          <CartLink count={cartCount} />
        </nav>
        <div className="hidden lg:block">
          <AccountArea user={user} />
        </div>

        {/* Phones: a menu that opens without JavaScript. */}
        <details className="group relative lg:hidden">
          <summary
            className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-primary-soft [&::-webkit-details-marker]:hidden"
            aria-label="Abrir menú"
          >
            <Icon name="menu" className="size-6" aria-hidden />
            {cartCount > 0 ? (
              <span className="absolute top-0 right-0 inline-flex min-w-5 items-center justify-center rounded-full bg-secondary px-1 text-xs font-bold">
                {cartCount}
              </span>
            ) : null}
          </summary>
          <nav
            aria-label="Principal (móvil)"
            className="absolute right-0 mt-2 flex w-64 flex-col gap-1 rounded-2xl border bg-white p-3 shadow-xl"
          >
            {navLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                {link.label}
              </NavLink>
            ))}
            <CartLink count={cartCount} />
            <div className="mt-2 border-t pt-3">
              <AccountArea user={user} />
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
