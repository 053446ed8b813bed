import { Form, useSubmit } from "react-router";

import { MAX_QUERY_LENGTH } from "~/domain/search/query-length";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Input } from "~/ui/primitives/input";

/**
 * A GET form, so results live in the URL (shareable, work without JavaScript); with
 * JavaScript, choosing a brand applies it at once.
 */
export function CatalogSearch({
  placeholder,
  query,
  brands,
  brandSlug,
}: {
  placeholder: string;
  query: string | undefined;
  brands?: { slug: string; name: string }[];
  brandSlug?: string | undefined;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="catalog-q" className="sr-only">
          {placeholder}
        </label>
        <div className="relative">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            id="catalog-q"
            type="search"
            name="q"
            defaultValue={query ?? ""}
            placeholder={placeholder}
            className="pl-9"
            maxLength={MAX_QUERY_LENGTH}
          />
        </div>
      </div>
      {brands ? (
        <div className="flex flex-col gap-1 sm:w-56">
          <label htmlFor="catalog-brand" className="text-sm font-semibold">
            Filtrar por Marca
          </label>
          <select
            id="catalog-brand"
            name="marca"
            defaultValue={brandSlug ?? ""}
            onChange={(event) => submit(event.currentTarget.form)}
            className="h-10 rounded-lg border border-gray-300 bg-white px-3 text-base"
          >
            <option value="">Todas las Marcas</option>
            {brands.map((brand) => (
              <option key={brand.slug} value={brand.slug}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button type="submit">Buscar</Button>
    </Form>
  );
}
