import type { ReactNode, Ref } from "react";
/* eslint-disable no-restricted-imports -- the one place that wraps React Router's links. */
import {
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
  useLocation,
} from "react-router";
/* eslint-enable no-restricted-imports */

// The shop's <Link>: React Router's, except on the server for a path from the root, where it
// writes the same <a> without React Router's hooks (ADR 066). A server render has no clicks
// to handle and nothing to prefetch: of a Link's fifteen or so hooks (the resolved path twice,
// the location, the navigator, the prefetch state) only the href reaches the HTML. A page of
// 25 to 70 links paid about 8 µs for each. In the browser, and on the server for any other
// `to` (relative, an object, a mask, a prefetch that renders tags), it is React Router's Link,
// whose <a> hydrates onto the server's: link.test.tsx checks both write the same HTML.

// A path from the root that React Router writes as it is: no '.' or '..' segment, no doubled
// or back slash, no empty query or hash (which it drops). Anything else goes to its Link.
const PLAIN_ROOT_PATH =
  /^\/(?:[\w\-~%:@!$&'()*+,;=]+\/?)*(?:\?[\w\-~%:@!$&'()*+,;=/.?]+)?(?:#[\w\-~%:@!$&'()*+,;=/.?]+)?$/;

const isPlainRootPath = (to: unknown): to is string =>
  typeof to === "string" && PLAIN_ROOT_PATH.test(to) && !to.includes("/.");

type ShopLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

// What a Link takes that is not an attribute of its <a>.
const LINK_ONLY_PROPS = new Set([
  "to",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "onClick",
  "ref",
]);

function ServerLink(props: ShopLinkProps) {
  const { to, prefetch = "none", mask, discover = "render", target } = props;
  if (!isPlainRootPath(to) || mask || (prefetch !== "none" && prefetch !== "intent")) return <RouterLink {...props} />;
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!LINK_ONLY_PROPS.has(key)) anchor[key] = props[key as keyof ShopLinkProps];
  // In React Router's order, so that the attributes are written in the same order.
  anchor.href = to;
  anchor.target = target;
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  return <a {...anchor} />;
}

type ShopNavLinkProps = NavLinkProps & { ref?: Ref<HTMLAnchorElement> };

/**
 * React Router's NavLink on the server for a plain path from the root: whether it is the
 * current page (its rules: the same path, or a path under it unless `end`, case-insensitive
 * unless `caseSensitive`), then the shop's Link above. On the server no navigation is pending
 * and no view transition runs.
 */
function ServerNavLink(props: ShopNavLinkProps) {
  const location = useLocation();
  const {
    "aria-current": ariaCurrentProp = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ref,
    ...rest
  } = props;
  if (!isPlainRootPath(to) || viewTransition) return <RouterNavLink {...props} />;
  const cut = to.search(/[?#]/);
  let toPathname = cut === -1 ? to : to.slice(0, cut);
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      ref={ref}
      style={style}
      to={to}
      viewTransition={viewTransition}
    >
      {typeof children === "function" ? children(renderProps) : children}
    </ServerLink>
  );
}

/** Vite's constant: the browser's bundle gets React Router's Link and NavLink themselves, no byte added. */
export const Link: (props: ShopLinkProps) => ReactNode = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink: (props: ShopNavLinkProps) => ReactNode = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
