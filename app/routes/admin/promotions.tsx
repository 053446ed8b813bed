import { Form, href, redirect } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import {
  PROMOTION_COUPON_INVALID_MESSAGE,
  promotionFormSchema,
  readEditingPromotionId,
} from "~/domain/content/promotion-admin";
import {
  type AdminPromotion,
  createPromotion,
  deletePromotion,
  listPromotionCoupons,
  listPromotionsForAdmin,
  movePromotion,
  updatePromotion,
} from "~/domain/content/promotion-admin.server";
import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { formFailure, parseForm } from "~/lib/form.server";
import { type FieldErrors, type FormValues, readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { parseMoveDirection } from "~/lib/reorder";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ImageUpload } from "~/ui/admin/image-upload";
import { MoveButton } from "~/ui/admin/move-button";
import { CheckboxField, Field, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = () => [{ title: "Promociones del Carrusel | Gestión" }];

const LIST_PATH = href("/admin/promociones");
const NOT_FOUND_MESSAGE = "La promoción ya no existe. Recarga la página.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [promotions, coupons] = await Promise.all([listPromotionsForAdmin(), listPromotionCoupons()]);
  const editingId = readEditingPromotionId(new URL(request.url).searchParams);
  return { promotions, coupons, editing: promotions.find((promotion) => promotion.id === editingId) ?? null };
}

/** The spec titles the promotions' refusals 'Error' (section 8), not 'Error de Validación'. */
const ERROR_TITLE = "Error";
const INVALID_REQUEST = "Solicitud no válida. Recarga la página.";

function refuse(errors: FieldErrors, values: FormValues, status = 400) {
  return formFailure(errors, values, { title: ERROR_TITLE }, status);
}

/** Back to the list, still editing what was being edited (the query string), if anything. */
function listWith(search: URLSearchParams): string {
  return search.size === 0 ? LIST_PATH : `${LIST_PATH}?${search}`;
}

async function savePromotion(adminId: string, id: number | null, formData: FormData) {
  const form = await parseForm(formData, promotionFormSchema, ERROR_TITLE);
  if (!form.ok) return form.failure;
  const outcome =
    id === null ? await createPromotion(adminId, form.data) : await updatePromotion(adminId, id, form.data);
  if (outcome.status === "invalid-coupon") return refuse({ discountId: PROMOTION_COUPON_INVALID_MESSAGE }, form.values);
  if (outcome.status === "not-found") return refuse({ form: NOT_FOUND_MESSAGE }, form.values, 404);
  const { title } = outcome.promotion;
  return redirectWithToast(
    LIST_PATH,
    id === null
      ? { title: "Promoción Añadida", description: `La promoción "${title}" ha sido añadida.` }
      : { title: "Promoción Actualizada", description: `La promoción "${title}" ha sido actualizada.` },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const values = readFormValues(formData);
  const search = new URL(request.url).searchParams;
  const id = parseRecordId(values.id);

  if (values.intent === "delete" && id !== null) {
    await deletePromotion(admin.id, id);
    // Deleting the promotion being edited leaves edit mode; deleting another one does not.
    const isEditingDeleted = readEditingPromotionId(search) === id;
    return redirectWithToast(isEditingDeleted ? LIST_PATH : listWith(search), {
      title: "Promoción Eliminada",
      description: "La promoción ha sido eliminada.",
    });
  }
  const direction = parseMoveDirection(values.direction);
  if (values.intent === "move" && id !== null && direction) {
    await movePromotion(admin.id, id, direction);
    return redirect(listWith(search));
  }
  if (values.intent !== "save") return refuse({ form: INVALID_REQUEST }, values);
  return savePromotion(admin.id, id, formData);
}

/** The form's starting values: the promotion being edited, or a new, active one. */
function promotionValues(editing: AdminPromotion | null): FormValues {
  return {
    title: editing?.title ?? "",
    description: editing?.description ?? "",
    image: editing?.image ?? "",
    imageAlt: editing?.imageAlt ?? "",
    link: editing?.link ?? "",
    buttonText: editing?.buttonText ?? "",
    discountId: editing?.discountId ? String(editing.discountId) : "",
    isActive: (editing?.isActive ?? true) ? "on" : "",
  };
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { promotions, coupons, editing } = loaderData;
  const formKey = useResetKey(loaderData);
  const form = useFormFields(promotionValues(editing), actionData);
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeader
        title="Promociones del Carrusel"
        description="Las promociones activas aparecen en el carrusel de la página de inicio, en el orden de esta lista."
      />
      <AdminCard title={editing ? "Editar Promoción" : "Añadir Nueva Promoción"} id="formulario-promocion">
        {/* Keyed: choosing another promotion, cancelling or saving starts from fresh fields. */}
        <PromotionForm
          key={`${editing?.id ?? "nueva"}-${formKey}`}
          form={form}
          editingId={editing?.id ?? null}
          coupons={coupons}
        />
      </AdminCard>
      <section aria-labelledby="promociones-lista">
        <h2 id="promociones-lista" className="mb-4 text-lg font-bold">
          Promociones ({promotions.length})
        </h2>
        <DataTable
          caption="Promociones del carrusel, en su orden"
          columns={promotionColumns(promotions)}
          rows={promotions}
          rowKey={(promotion) => promotion.id}
          emptyMessage="No hay promociones creadas."
          rowClassName={(promotion) =>
            cn(!promotion.isActive && "opacity-60", promotion.id === editing?.id && "bg-primary-soft")
          }
        />
      </section>
    </div>
  );
}

type CouponChoice = { id: number; code: string | null; name: string; isActive: boolean };

/** Adds a promotion, or saves the one named in `?editar=` (its id travels hidden). */
function PromotionForm({
  form,
  editingId,
  coupons,
}: {
  form: FormFields;
  editingId: number | null;
  coupons: CouponChoice[];
}) {
  const field = (name: string, id: string) => ({ ...form.field(name), id });
  return (
    <Form method="post" className="grid gap-5 md:grid-cols-2" noValidate>
      {editingId !== null ? <input type="hidden" name="id" value={editingId} /> : null}
      <Field label="Título" field={field("title", "promocion-titulo")} className="md:col-span-2" />
      <TextAreaField
        label="Descripción (opcional)"
        field={field("description", "promocion-descripcion")}
        className="md:col-span-2"
        textareaProps={{ rows: 3 }}
      />
      <div className="md:col-span-2">
        <ImageUpload
          name="image"
          label="Imagen"
          defaultValue={form.value("image")}
          error={form.error("image")}
          hint="Se muestra a todo el ancho del carrusel: usa una imagen horizontal."
          previewSize="w-40 h-24"
        />
      </div>
      <Field
        label="Texto alternativo de la imagen"
        field={field("imageAlt", "promocion-alt")}
        inputProps={{ placeholder: "Describe la imagen (accesibilidad y SEO)" }}
      />
      <Field
        label="Enlace (URL)"
        field={field("link", "promocion-enlace")}
        inputProps={{ placeholder: `${buildCatalogPath("products")} o https://…` }}
      />
      <Field
        label="Texto del botón"
        field={field("buttonText", "promocion-boton")}
        inputProps={{ placeholder: "Ver Más" }}
      />
      <SelectField
        label="Cupón del botón (opcional)"
        field={field("discountId", "promocion-cupon")}
        hint="Con un cupón, el botón dice «Usar cupón» y lo deja en el carrito del cliente, en lugar del enlace."
      >
        <option value="">Ninguno: el botón usa el enlace</option>
        {coupons.map((coupon) => (
          <option key={coupon.id} value={coupon.id}>
            {`${coupon.code} · ${coupon.name}${coupon.isActive ? "" : " (inactivo)"}`}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label="Activa (Mostrar en el carrusel)"
        field={{ ...form.checkbox("isActive"), id: "promocion-activa" }}
        className="self-end pb-2"
      />
      <FieldError id="promocion-error" message={form.error("form")} />
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <SubmitButton intent="save">{editingId !== null ? "Actualizar Promoción" : "Añadir Promoción"}</SubmitButton>
        {editingId !== null ? (
          <Button asChild variant="outline">
            <Link to={LIST_PATH}>Cancelar Edición</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** The list's columns: order (up/down), image, title and text, state, edit and delete. */
function promotionColumns(promotions: AdminPromotion[]): Column<AdminPromotion>[] {
  return [
    {
      key: "order",
      header: "Orden",
      className: "w-24",
      cell: (promotion) => (
        <OrderButtons promotion={promotion} index={promotions.indexOf(promotion)} count={promotions.length} />
      ),
    },
    {
      key: "image",
      header: "Imagen",
      className: "w-24",
      cell: (promotion) => <PromotionThumbnail image={promotion.image} />,
    },
    {
      key: "title",
      header: "Promoción",
      cell: (promotion) => (
        <div className="min-w-48">
          <p className="font-semibold">{promotion.title}</p>
          <p className="text-muted">{promotion.description || "Sin descripción"}</p>
          {promotion.couponCode ? (
            <p className="mt-1 text-xs font-semibold text-primary-strong">Botón: Usar cupón {promotion.couponCode}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: "state",
      header: "Estado",
      cell: (promotion) =>
        promotion.isActive ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Activa</span>
        ) : (
          <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-700">Inactiva</span>
        ),
    },
    {
      key: "actions",
      header: "Acciones",
      className: "w-28 text-right",
      cell: (promotion) => <RowActions promotion={promotion} />,
    },
  ];
}

function OrderButtons({ promotion, index, count }: { promotion: AdminPromotion; index: number; count: number }) {
  return (
    <div className="flex gap-1">
      <MoveButton
        id={promotion.id}
        direction="up"
        isDisabled={index === 0}
        title={`Subir «${promotion.title}» en el carrusel`}
      />
      <MoveButton
        id={promotion.id}
        direction="down"
        isDisabled={index === count - 1}
        title={`Bajar «${promotion.title}» en el carrusel`}
      />
    </div>
  );
}

function PromotionThumbnail({ image }: { image: string | null }) {
  if (!image) return <span className="text-xs text-muted">Sin imagen</span>;
  return (
    <img
      {...responsiveImage(image, "80px")}
      alt=""
      width={80}
      height={45}
      className="h-11 w-20 rounded-md border object-cover"
    />
  );
}

function RowActions({ promotion }: { promotion: AdminPromotion }) {
  return (
    <div className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="sm">
        <Link to={`?editar=${promotion.id}`} aria-label={`Editar ${promotion.title}`} title="Editar">
          <AdminIcon name="pencil" />
        </Link>
      </Button>
      <ConfirmDeleteButton
        itemName={promotion.title}
        title="¿Confirmar Eliminación?"
        fields={{ intent: "delete", id: String(promotion.id) }}
      />
    </div>
  );
}
