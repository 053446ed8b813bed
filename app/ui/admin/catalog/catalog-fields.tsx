import { type ReactNode, useRef } from "react";

import type { TaxonomyOption, TaxonomyOptions } from "~/domain/catalog/catalog-admin";
import { hasActiveOffer, type Priced } from "~/domain/catalog/pricing";
import { responsiveImage } from "~/domain/media/image";
import { formatMoney } from "~/lib/money";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, Field, SelectField } from "~/ui/form/field";
import type { FieldBinding, FormFields } from "~/ui/form/form-fields";
import { useFieldFromDom } from "~/ui/form/use-field-from-dom";

// Pieces the products and services editors and lists share.

/** The choices of one taxonomy level's select, with its placeholder first. */
function LevelOptions({ placeholder, options }: { placeholder: string; options: TaxonomyOption[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </>
  );
}

/**
 * Family, category and subcategory selects: each level is enabled once the level above
 * is chosen and lists only its children. The whole tree comes from the loader (a few
 * dozen names), so the filtering happens in the browser; the server checks it again.
 */
export function TaxonomySelects({
  options,
  form,
  familyLabel,
  isFamilyRequired,
}: {
  options: TaxonomyOptions;
  form: FormFields;
  familyLabel: string;
  isFamilyRequired: boolean;
}) {
  // Started from the selects as React finds them: a family picked before the scripts arrived stays.
  const familyRef = useRef<HTMLSelectElement>(null);
  const [familyId, setFamilyId] = useFieldFromDom(familyRef, "familyId", form.value("familyId"));
  const [categoryId, setCategoryId] = useFieldFromDom(familyRef, "categoryId", form.value("categoryId"));
  const [subcategoryId, setSubcategoryId] = useFieldFromDom(familyRef, "subcategoryId", form.value("subcategoryId"));
  const categories = options.categories.filter((category) => String(category.parentId) === familyId);
  const subcategories = options.subcategories.filter((subcategory) => String(subcategory.parentId) === categoryId);
  const required = isFamilyRequired ? " *" : "";
  const subcategoryHint = !categoryId
    ? "Primero elige una categoría"
    : subcategories.length
      ? "Sin subcategoría"
      : "Esta categoría no tiene subcategorías";
  return (
    <>
      <SelectField
        label={`${familyLabel}${required}`}
        field={form.field("familyId")}
        selectProps={{
          ref: familyRef,
          value: familyId,
          onChange: (event) => {
            setFamilyId(event.target.value);
            setCategoryId("");
            setSubcategoryId("");
          },
        }}
      >
        <LevelOptions placeholder="Selecciona una familia" options={options.families} />
      </SelectField>
      <SelectField
        label={`Categoría${required}`}
        field={form.field("categoryId")}
        selectProps={{
          value: categoryId,
          disabled: !familyId,
          onChange: (event) => {
            setCategoryId(event.target.value);
            setSubcategoryId("");
          },
        }}
      >
        <LevelOptions
          placeholder={familyId ? "Selecciona una categoría" : "Primero elige una familia"}
          options={categories}
        />
      </SelectField>
      <SelectField
        label="Subcategoría (opcional)"
        field={form.field("subcategoryId")}
        selectProps={{
          value: subcategoryId,
          disabled: !categoryId || subcategories.length === 0,
          onChange: (event) => setSubcategoryId(event.target.value),
        }}
      >
        <LevelOptions placeholder={subcategoryHint} options={subcategories} />
      </SelectField>
    </>
  );
}

/**
 * A checkbox that reveals its price input. The input stays in the form while hidden, so
 * the typed price survives unticking and ticking again; the server ignores it when off.
 */
export function RevealedPriceField({
  form,
  checkbox,
  price,
}: {
  form: FormFields;
  checkbox: { name: string; label: ReactNode };
  price: { name: string; label: string };
}) {
  const binding = form.checkbox(checkbox.name);
  // Shown by CSS on the ticked box, so that it also works before the scripts arrive.
  return (
    <div className="group/reveal flex flex-col gap-3">
      <CheckboxField label={checkbox.label} field={binding} />
      <div className="hidden group-has-[:checked]/reveal:block">
        <PriceField label={price.label} field={form.field(price.name)} />
      </div>
    </div>
  );
}

/** A price in soles: two decimals at most (step 0.01), never negative. */
export function PriceField({ label, field }: { label: string; field: FieldBinding }) {
  return (
    <Field
      label={label}
      field={field}
      inputProps={{ type: "number", inputMode: "decimal", step: "0.01", min: "0", placeholder: "0.00" }}
    />
  );
}

/** A list's price cell: the offer price highlighted over the struck regular price. */
export function AdminPrice({ item, isPriceHidden = false }: { item: Priced; isPriceHidden?: boolean }) {
  if (isPriceHidden) return <span className="font-semibold text-muted">Consultar</span>;
  if (!hasActiveOffer(item))
    return <span className="font-semibold whitespace-nowrap">{formatMoney(item.priceCents)}</span>;
  return (
    <span className="flex flex-col leading-tight">
      <span className="font-bold whitespace-nowrap text-red-700">
        <span className="sr-only">Precio de oferta: </span>
        {formatMoney(item.offerPriceCents!)}
      </span>
      <s className="text-xs whitespace-nowrap text-muted">
        <span className="sr-only">Precio regular: </span>
        {formatMoney(item.priceCents)}
      </s>
    </span>
  );
}

/** The name cell: a small thumbnail (decorative: the name beside it says it all) and the name. */
export function ThumbnailName({ image, name, badge }: { image: string | null; name: string; badge?: ReactNode }) {
  return (
    <span className="flex items-center gap-3">
      <img
        {...responsiveImage(image, "48px")}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-lg border bg-gray-50 object-cover"
      />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold">{name}</span>
        {badge}
      </span>
    </span>
  );
}

/** 'Sí' / 'No' as a tick or a cross; the word is there for screen readers. */
export function YesNoIcon({ value }: { value: boolean }) {
  const icon = value ? "check" : "x";
  return (
    <span className={value ? "text-green-700" : "text-red-700"}>
      <AdminIcon name={icon} className="size-5" />
      <span className="sr-only">{value ? "Sí" : "No"}</span>
    </span>
  );
}

/** The picture of a product or service and its alt text (required with a picture). */
export function CatalogImageFields({
  label,
  altExample,
  form,
}: {
  label: string;
  altExample: string;
  form: FormFields;
}) {
  return (
    <>
      <div className="md:col-span-2">
        <ImageUpload name="image" label={label} defaultValue={form.value("image")} error={form.error("image")} />
      </div>
      <Field
        className="md:col-span-2"
        label="Texto alternativo de la imagen (SEO y accesibilidad)"
        field={form.field("imageAlt")}
        inputProps={{ maxLength: 200, placeholder: `Describe la imagen, p. ej. «${altExample}»` }}
      />
    </>
  );
}
