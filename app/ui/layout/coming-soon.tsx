import { href, Link } from "react-router";

import { Icon } from "~/ui/icons/icon";

/** Placeholder body of a storefront screen whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Icon name="paw-print" className="mx-auto size-12 text-primary-strong" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted">Estamos preparando esta sección. ¡Vuelve pronto!</p>
      <Link to={href("/")} className="mt-6 inline-block font-semibold text-primary-strong underline">
        Volver al inicio
      </Link>
    </section>
  );
}
