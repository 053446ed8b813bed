import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  DISCOUNT_NOT_FOUND_MESSAGE,
  NEW_DISCOUNT_VALUES,
  toDiscountFormValues,
} from "~/domain/discounts/discount-admin";
import { getDiscount, listDiscountTargetOptions, saveDiscount } from "~/domain/discounts/discount-admin.server";
import { describeDiscountProducts, parseDiscountForm } from "~/domain/discounts/discount-form.server";
import { formFailure, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { DiscountForm } from "~/ui/admin/discounts/discount-form";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { useFormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/editor";

const LIST_URL = href("/admin/descuentos");
/** The check-box groups: every ticked box is posted under the one name. */
const ID_LISTS = ["familyIds", "categoryIds", "brandIds"] as const;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar descuento" : "Nuevo descuento"} | Gestión` },
];

function redirectNotFound() {
  return redirectWithToast(LIST_URL, {
    title: "Error",
    description: DISCOUNT_NOT_FOUND_MESSAGE,
    variant: "destructive",
  });
}

/** The discount of /editar/:discountId (null when unknown); undefined on /nuevo. */
async function readDiscount(params: { discountId?: string }) {
  if (params.discountId === undefined) return undefined;
  const id = parseRecordId(params.discountId);
  return id === null ? null : getDiscount(id);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const discount = await readDiscount(params);
  if (discount === null) throw await redirectNotFound();
  const [options, productLines] = await Promise.all([
    listDiscountTargetOptions(),
    describeDiscountProducts(discount?.targets.productIds ?? []),
  ]);
  return {
    isNew: discount === undefined,
    values: discount ? toDiscountFormValues({ ...discount, ...discount.targets }, productLines) : NEW_DISCOUNT_VALUES,
    usesCount: discount?.usesCount ?? 0,
    options,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const discount = await readDiscount(params);
  if (discount === null) return redirectNotFound();
  const formData = await request.formData();
  const values = readFormValues(formData);
  for (const name of ID_LISTS) values[name] = formData.getAll(name).map(String).join(",");
  const parsed = await parseDiscountForm(values);
  if (!parsed.ok) {
    return formFailure(parsed.errors, values, { title: VALIDATION_TOAST_TITLE, description: parsed.firstMessage });
  }
  const result = await saveDiscount(admin, parsed.data, discount?.id);
  if (result.status === "not-found") return redirectNotFound();
  if (result.status === "invalid") return formFailure(result.errors, values, { title: VALIDATION_TOAST_TITLE });
  return redirectWithToast(LIST_URL, {
    title: discount ? "Descuento actualizado" : "Descuento creado",
    description: `${parsed.data.name} se guardó.`,
  });
}

export default function DiscountEditor({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormFields(loaderData.values, actionData);
  return (
    <div>
      <AdminPageHeader
        title={loaderData.isNew ? "Nuevo descuento" : "Editar descuento"}
        description={loaderData.isNew ? undefined : `Usado en ${loaderData.usesCount} pedido(s) vigentes.`}
        actions={
          <Button asChild variant="outline">
            <Link to={LIST_URL}>
              <AdminIcon name="arrow-left" /> Volver a descuentos
            </Link>
          </Button>
        }
      />
      <DiscountForm form={form} options={loaderData.options} isNew={loaderData.isNew} />
    </div>
  );
}
