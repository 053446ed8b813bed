import { Form, useLocation } from "react-router";

import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Input } from "~/ui/primitives/input";
import { Link } from "~/ui/primitives/link";

/**
 * The search box above a back-office table: a GET form, so the search is in the URL and
 * done by the server. It keeps the sort and the other filters and goes back to page 1.
 */
export function ListSearch({ label, placeholder, query }: { label: string; placeholder: string; query: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const kept = [...params.entries()].filter(([name]) => name !== "q" && name !== "pagina");
  const clearParams = new URLSearchParams(kept);
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-center gap-2">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="sr-only" htmlFor="list-search">
        {label}
      </label>
      <div className="relative min-w-0 flex-1 sm:max-w-md">
        <AdminIcon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <Input
          id="list-search"
          key={query}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
      <Button type="submit" variant="outline">
        Buscar
      </Button>
      {query ? (
        <Button asChild variant="ghost">
          <Link to={`?${clearParams.toString()}`}>
            <AdminIcon name="x" /> Limpiar
          </Link>
        </Button>
      ) : null}
    </Form>
  );
}
