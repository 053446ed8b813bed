import { Check, X } from "lucide-react";
import { type ReactNode, useState } from "react";

import { type TaxonomyOptions } from "~/domain/catalog/catalog-admin";
import { hasActiveOffer, type Priced } from "~/domain/catalog/pricing";
import { responsiveImage } from "~/domain/media/image";
import type { FieldErrors } from "~/lib/form-data";
import { formatMoney } from "~/lib/money";
import { isChecked } from "~/lib/parse";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, Field, SelectField } from "~/ui/form/field";

// Pieces the products and services editors and lists share.

/**
 * Family, category and subcategory selects: each level is enabled once the level above
 * is chosen and lists only its children. The whole tree comes from the loader (a few
 * dozen names), so the filtering happens in the browser; the server checks it again.
 */
export function TaxonomySelects({
  options,
  values,
  errors,
  familyLabel,
  isFamilyRequired,
}: {
  options: TaxonomyOptions;
  values: Record<string, string | undefined>;
  errors: FieldErrors | undefined;
  familyLabel: string;
  isFamilyRequired: boolean;
}) {
  const [familyId, setFamilyId] = useState(values.familyId ?? "");
  const [categoryId, setCategoryId] = useState(values.categoryId ?? "");
  const [subcategoryId, setSubcategoryId] = useState(values.subcategoryId ?? "");
  const categories = options.categories.filter((category) => String(category.parentId) === familyId);
  const subcategories = options.subcategories.filter((subcategory) => String(subcategory.parentId) === categoryId);
  const required = isFamilyRequired ? " *" : "";
  return (
    <>
      <SelectField
        id="familyId"
        label={`${familyLabel}${required}`}
        error={errors?.familyId}
        selectProps={{
          name: "familyId",
          value: familyId,
          onChange: (event) => {
            setFamilyId(event.target.value);
            setCategoryId("");
            setSubcategoryId("");
          },
        }}
      >
        <option value="">Selecciona una familia</option>
        {options.families.map((family) => (
          <option key={family.id} value={family.id}>
            {family.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="categoryId"
        label={`Categoría${required}`}
        error={errors?.categoryId}
        selectProps={{
          name: "categoryId",
          value: categoryId,
          disabled: !familyId,
          onChange: (event) => {
            setCategoryId(event.target.value);
            setSubcategoryId("");
          },
        }}
      >
        <option value="">{familyId ? "Selecciona una categoría" : "Primero elige una familia"}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="subcategoryId"
        label="Subcategoría (opcional)"
        error={errors?.subcategoryId}
        selectProps={{
          name: "subcategoryId",
          value: subcategoryId,
          disabled: !categoryId || subcategories.length === 0,
          onChange: (event) => setSubcategoryId(event.target.value),
        }}
      >
        <option value="">
          {!categoryId
            ? "Primero elige una categoría"
            : subcategories.length
              ? "Sin subcategoría"
              : "Esta categoría no tiene subcategorías"}
        </option>
        {subcategories.map((subcategory) => (
          <option key={subcategory.id} value={subcategory.id}>
            {subcategory.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/**
 * A checkbox that reveals its price input. The input stays in the form while hidden, so
 * the typed price survives unticking and ticking again; the server ignores it when off.
 */
export function RevealedPriceField({
  checkbox,
  price,
}: {
  checkbox: { name: string; label: ReactNode; value: string | undefined };
  price: { name: string; label: string; value: string | undefined; error: string | undefined };
}) {
  const [isOn, setIsOn] = useState(isChecked(checkbox.value));
  return (
    <div className="flex flex-col gap-3">
      <CheckboxField
        id={checkbox.name}
        label={checkbox.label}
        inputProps={{ name: checkbox.name, defaultChecked: isOn, onChange: (event) => setIsOn(event.target.checked) }}
      />
      <div hidden={!isOn}>
        <PriceField name={price.name} label={price.label} value={price.value} error={price.error} />
      </div>
    </div>
  );
}

/** A price in soles: two decimals at most (step 0.01), never negative. */
export function PriceField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <Field
      label={label}
      error={error}
      inputProps={{
        id: name,
        name,
        type: "number",
        inputMode: "decimal",
        step: "0.01",
        min: "0",
        defaultValue: value ?? "",
        placeholder: "0.00",
      }}
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
  const Icon = value ? Check : X;
  return (
    <span className={value ? "text-green-700" : "text-red-700"}>
      <Icon className="size-5" aria-hidden />
      <span className="sr-only">{value ? "Sí" : "No"}</span>
    </span>
  );
}

/** The picture of a product or service and its alt text (required with a picture). */
export function CatalogImageFields({
  label,
  altExample,
  values,
  errors,
}: {
  label: string;
  altExample: string;
  values: Record<string, string | undefined>;
  errors: FieldErrors | undefined;
}) {
  return (
    <>
      <div className="md:col-span-2">
        <ImageUpload name="image" label={label} defaultValue={values.image} error={errors?.image} />
      </div>
      <Field
        className="md:col-span-2"
        label="Texto alternativo de la imagen (SEO y accesibilidad)"
        error={errors?.imageAlt}
        inputProps={{
          id: "imageAlt",
          name: "imageAlt",
          defaultValue: values.imageAlt ?? "",
          maxLength: 200,
          placeholder: `Describe la imagen, p. ej. «${altExample}»`,
        }}
      />
    </>
  );
}
