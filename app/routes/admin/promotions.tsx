import { Pencil } from "lucide-react";
import { Form, href, Link, redirect } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { promotionFormSchema, readEditingPromotionId } from "~/domain/content/promotion-admin";
import {
  type AdminPromotion,
  createPromotion,
  deletePromotion,
  listPromotionsForAdmin,
  movePromotion,
  updatePromotion,
} from "~/domain/content/promotion-admin.server";
import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { parseMoveDirection } from "~/lib/reorder";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { ImageUpload } from "~/ui/admin/image-upload";
import { MoveButton } from "~/ui/admin/move-button";
import { CheckboxField, Field, FieldError, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = () => [{ title: "Promociones del Carrusel | Gestión" }];

const LIST_PATH = href("/admin/promociones");
const NOT_FOUND_MESSAGE = "La promoción ya no existe. Recarga la página.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const promotions = await listPromotionsForAdmin();
  const editingId = readEditingPromotionId(new URL(request.url).searchParams);
  return { promotions, editing: promotions.find((promotion) => promotion.id === editingId) ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const search = new URL(request.url).searchParams;
  const id = /^[1-9]\d{0,8}$/.test(values.id ?? "") ? Number(values.id) : null;

  if (values.intent === "delete" && id !== null) {
    await deletePromotion(admin.id, id);
    // Deleting the promotion being edited leaves edit mode; deleting another one does not.
    const isEditingDeleted = readEditingPromotionId(search) === id;
    return redirectWithToast(isEditingDeleted || search.size === 0 ? LIST_PATH : `${LIST_PATH}?${search}`, {
      title: "Promoción Eliminada",
      description: "La promoción ha sido eliminada.",
    });
  }

  const direction = parseMoveDirection(values.direction);
  if (values.intent === "move" && id !== null && direction) {
    await movePromotion(admin.id, id, direction);
    return redirect(search.size === 0 ? LIST_PATH : `${LIST_PATH}?${search}`);
  }

  if (values.intent !== "save") {
    return formFailure({ form: "Solicitud no válida. Recarga la página." }, values, {
      description: "Solicitud no válida. Recarga la página.",
    });
  }
  const parsed = parseWithSchema(promotionFormSchema, values);
  if (!parsed.success) {
    return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  }
  if (id === null) {
    const created = await createPromotion(admin.id, parsed.data);
    return redirectWithToast(LIST_PATH, {
      title: "Promoción Añadida",
      description: `La promoción "${created.title}" ha sido añadida.`,
    });
  }
  const updated = await updatePromotion(admin.id, id, parsed.data);
  if (!updated) return formFailure({ form: NOT_FOUND_MESSAGE }, values, { description: NOT_FOUND_MESSAGE }, 404);
  return redirectWithToast(LIST_PATH, {
    title: "Promoción Actualizada",
    description: `La promoción "${updated.title}" ha sido actualizada.`,
  });
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { promotions, editing } = loaderData;
  const formKey = useResetKey(loaderData);
  const errors = actionData?.errors;
  const values = actionData?.values;
  const isChecked = values ? values.isActive === "on" : (editing?.isActive ?? true);
  const field = (name: keyof AdminPromotion & keyof NonNullable<typeof values>) =>
    (values ? values[name] : (editing?.[name] as string | null | undefined)) ?? "";

  const columns: Column<AdminPromotion>[] = [
    {
      key: "order",
      header: "Orden",
      className: "w-24",
      cell: (promotion) => {
        const index = promotions.indexOf(promotion);
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
              isDisabled={index === promotions.length - 1}
              title={`Bajar «${promotion.title}» en el carrusel`}
            />
          </div>
        );
      },
    },
    {
      key: "image",
      header: "Imagen",
      className: "w-24",
      cell: (promotion) =>
        promotion.image ? (
          <img
            {...responsiveImage(promotion.image, "80px")}
            alt=""
            width={80}
            height={45}
            className="h-11 w-20 rounded-md border object-cover"
          />
        ) : (
          <span className="text-xs text-muted">Sin imagen</span>
        ),
    },
    {
      key: "title",
      header: "Promoción",
      cell: (promotion) => (
        <div className="min-w-48">
          <p className="font-semibold">{promotion.title}</p>
          <p className="text-muted">{promotion.description || "Sin descripción"}</p>
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
      cell: (promotion) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={`?editar=${promotion.id}`} aria-label={`Editar ${promotion.title}`} title="Editar">
              <Pencil aria-hidden />
            </Link>
          </Button>
          <ConfirmDeleteButton
            itemName={promotion.title}
            title="¿Confirmar Eliminación?"
            fields={{ intent: "delete", id: String(promotion.id) }}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeader
        title="Promociones del Carrusel"
        description="Las promociones activas aparecen en el carrusel de la página de inicio, en el orden de esta lista."
      />

      <AdminCard title={editing ? "Editar Promoción" : "Añadir Nueva Promoción"} id="formulario-promocion">
        {/* Keyed: choosing another promotion, cancelling or saving starts from fresh fields. */}
        <Form
          key={`${editing?.id ?? "nueva"}-${formKey}`}
          method="post"
          className="grid gap-5 md:grid-cols-2"
          noValidate
        >
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field
            label="Título"
            error={errors?.title}
            className="md:col-span-2"
            inputProps={{ id: "promocion-titulo", name: "title", defaultValue: field("title") }}
          />
          <TextAreaField
            id="promocion-descripcion"
            label="Descripción (opcional)"
            error={errors?.description}
            className="md:col-span-2"
            textareaProps={{ name: "description", rows: 3, defaultValue: field("description") }}
          />
          <div className="md:col-span-2">
            <ImageUpload
              name="image"
              label="Imagen"
              defaultValue={field("image")}
              error={errors?.image}
              hint="Se muestra a todo el ancho del carrusel: usa una imagen horizontal."
              previewSize="w-40 h-24"
            />
          </div>
          <Field
            label="Texto alternativo de la imagen"
            error={errors?.imageAlt}
            inputProps={{
              id: "promocion-alt",
              name: "imageAlt",
              defaultValue: field("imageAlt"),
              placeholder: "Describe la imagen (accesibilidad y SEO)",
            }}
          />
          <Field
            label="Enlace (URL)"
            error={errors?.link}
            inputProps={{
              id: "promocion-enlace",
              name: "link",
              defaultValue: field("link"),
              placeholder: `${buildCatalogPath("products")} o https://…`,
            }}
          />
          <Field
            label="Texto del botón"
            error={errors?.buttonText}
            inputProps={{
              id: "promocion-boton",
              name: "buttonText",
              defaultValue: field("buttonText"),
              placeholder: "Ver Más",
            }}
          />
          <CheckboxField
            id="promocion-activa"
            label="Activa (Mostrar en el carrusel)"
            className="self-end pb-2"
            inputProps={{ name: "isActive", defaultChecked: isChecked }}
          />
          <FieldError id="promocion-error" message={errors?.form} />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <SubmitButton intent="save">{editing ? "Actualizar Promoción" : "Añadir Promoción"}</SubmitButton>
            {editing ? (
              <Button asChild variant="outline">
                <Link to={LIST_PATH}>Cancelar Edición</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </AdminCard>

      <section aria-labelledby="promociones-lista">
        <h2 id="promociones-lista" className="mb-4 text-lg font-bold">
          Promociones ({promotions.length})
        </h2>
        <DataTable
          caption="Promociones del carrusel, en su orden"
          columns={columns}
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
