import { type SyntheticEvent, useEffect, useRef } from "react";
import { Form, href } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link, NavLink } from "~/ui/primitives/link";
import { HeaderSearch } from "~/ui/search/header-search";

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
        {/* Placed over the icon, so that the count arriving after load moves nothing. */}
        {count > 0 ? (
          <span
            data-testid="cart-badge"
            className="absolute -top-2 left-2.5 inline-flex min-w-5 items-center justify-center rounded-full bg-secondary px-1.5 text-xs font-bold text-ink"
          >
            {count}
          </span>
        ) : null}
      </span>
    </NavLink>
  );
}

/** Phones: the cart always in reach beside the menu button, with its count. */
function PhoneCartLink({ count }: { count: number }) {
  return (
    <Link
      to={href("/carrito")}
      className="relative flex size-11 items-center justify-center rounded-full hover:bg-primary-soft lg:hidden"
      aria-label={`Carrito (${count})`}
    >
      <Icon name="shopping-cart" className="size-6" aria-hidden />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute top-0 right-0 inline-flex min-w-5 items-center justify-center rounded-full bg-secondary px-1 text-xs font-bold"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** Closes the phone menu and gives the focus back to its button. */
function closeMenu(details: HTMLDetailsElement | null) {
  if (!details?.open) return;
  details.open = false;
  details.querySelector("summary")?.focus();
}

/**
 * The phone menu (a <details>, so it opens without JavaScript) closes once a link in it is
 * chosen, on Escape and on a tap outside it.
 */
function PhoneMenu({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) closeMenu(ref.current);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") closeMenu(ref.current);
  };
  const onNavigate = (event: SyntheticEvent) => {
    if ((event.target as HTMLElement).closest("a")) closeMenu(ref.current);
  };
  return (
    <details ref={ref} className="group relative lg:hidden" onKeyDown={onKeyDown} onClick={onNavigate}>
      {children}
    </details>
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
        <Icon name="user-round" className="size-5 shrink-0" aria-hidden />
        <span className="max-w-28 truncate" title={user.displayName}>
          {user.displayName}
        </span>
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
        {/* A fixed width: the visitor's name, filled in after load on a page from the cache, moves nothing. */}
        <div className="hidden w-48 justify-end lg:flex">
          <AccountArea user={user} />
        </div>

        {/* Phones: the cart, and a menu that opens without JavaScript. */}
        <div className="flex items-center gap-1 lg:hidden">
          <PhoneCartLink count={cartCount} />
          <PhoneMenu>
            <summary
              className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-primary-soft [&::-webkit-details-marker]:hidden"
              aria-label="Abrir menú"
            >
              <Icon name="menu" className="size-6" aria-hidden />
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
          </PhoneMenu>
        </div>
      </div>
      {/* The search of every page (issue 27): its own row, as tall at every width, so nothing moves. */}
      <div className="mx-auto max-w-7xl px-4 pb-2">
        <div className="mx-auto max-w-2xl">
          <HeaderSearch />
        </div>
      </div>
    </header>
  );
}
