import type { ReactNode } from "react";
import { Form } from "react-router";

import type { TaxonomyOption, TaxonomyOptions } from "~/domain/catalog/catalog-admin";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { IGV_TREATMENT_OPTIONS } from "~/domain/catalog/product-admin";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field, SelectField, TextAreaField } from "~/ui/form/field";
import { type FormActionData, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { CatalogImageFields, RevealedPriceField, TaxonomySelects } from "./catalog-fields";
import { VariantsFields } from "./variants-fields";

// The editor of a product or a service: one form, the fields its kind has (kinds.ts).

export type CatalogEditorData = {
  kind: CatalogKind;
  isNew: boolean;
  isArchived: boolean;
  values: Record<string, string | undefined>;
  options: TaxonomyOptions & { brands: TaxonomyOption[] };
};

const OFFER_CHECKBOX = { name: "isOfferActive", label: "Oferta activa" };
const OFFER_PRICE = { name: "offerPrice", label: "Precio de Oferta (S/)" };

/**
 * A product's own fields: its brand, how its price is taxed in the comprobante (issue 46),
 * then its presentaciones (each with price, offer and stock).
 */
function ProductFields({ form, brands }: { form: FormFields; brands: TaxonomyOption[] }) {
  return (
    <>
      <SelectField label="Marca (opcional)" field={form.field("brandId")}>
        <option value="">Sin marca</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Tratamiento del IGV"
        field={form.field("igvTreatment")}
        hint="Así se declara en la boleta o factura. Si dudas, consulta a tu contador."
      >
        {Object.entries(IGV_TREATMENT_OPTIONS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <VariantsFields form={form} />
    </>
  );
}

/** `children`: a kind's own section (a service's 'Reserva en línea'), inside the form before its buttons. */
export function CatalogEditor({
  data,
  actionData,
  children,
}: {
  data: CatalogEditorData;
  actionData: FormActionData;
  children?: ReactNode;
}) {
  const { kind, isNew, isArchived, options } = data;
  const config = catalogKinds[kind];
  const form = useFormFields(data.values, actionData);
  const back = (
    <Button asChild variant="ghost">
      <Link to={config.listPath}>
        <AdminIcon name="arrow-left" /> Volver a {config.plural}
      </Link>
    </Button>
  );
  return (
    <>
      <AdminPageHeader
        title={isNew ? `Nuevo ${config.Noun}` : `Editar ${config.Noun}`}
        description={
          isArchived
            ? "Este producto está archivado: no se muestra en la tienda porque aparece en pedidos anteriores."
            : "Los campos con * son obligatorios."
        }
        actions={back}
      />
      <AdminCard>
        <Form method="post" className="grid gap-5 md:grid-cols-2">
          <Field
            className="md:col-span-2"
            label="Título *"
            field={form.field("title")}
            inputProps={{ maxLength: 200 }}
          />
          <TextAreaField className="md:col-span-2" label="Descripción" field={form.field("description")} />
          <TaxonomySelects
            options={options}
            form={form}
            familyLabel={config.familyLabel}
            isFamilyRequired={config.isFamilyRequired}
          />
          {config.has.stock ? <ProductFields form={form} brands={options.brands} /> : null}
          {config.has.showPrice ? (
            <>
              <RevealedPriceField
                form={form}
                checkbox={{ name: "showPrice", label: "Mostrar Precio Regular en la Web" }}
                price={{ name: "price", label: "Precio Regular (S/)" }}
              />
              <RevealedPriceField form={form} checkbox={OFFER_CHECKBOX} price={OFFER_PRICE} />
            </>
          ) : null}
          <CatalogImageFields label={config.imageLabel} altExample={config.imageAltExample} form={form} />
          {children}
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <SubmitButton>{isNew ? `Crear ${config.Noun}` : "Guardar Cambios"}</SubmitButton>
            <Button asChild variant="outline">
              <Link to={config.listPath}>Cancelar</Link>
            </Button>
          </div>
        </Form>
      </AdminCard>
    </>
  );
}
