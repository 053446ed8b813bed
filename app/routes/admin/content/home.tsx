import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { getEditablePageContent, savePageContent } from "~/domain/content/page-content-admin.server";
import { contentSavedToast, homeFormSchema } from "~/domain/content/page-content-form";
import { parseForm } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ImageUpload } from "~/ui/admin/image-upload";
import { Field, TextAreaField } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Contenido de Inicio | Gestión" }];

const HOME_EDITOR_PATH = href("/admin/gestion-contenido/inicio");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const home = await getEditablePageContent("home");
  return { values: home satisfies FormValues };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // The spec titles this editor's refusals 'Error'.
  const form = await parseForm(request, homeFormSchema, "Error");
  if (!form.ok) return form.failure;
  await savePageContent(admin.id, "home", form.data);
  return redirectWithToast(HOME_EDITOR_PATH, contentSavedToast);
}

type TextProps = { name: string; label: string; form: FormFields; max: number };

function TextInput({ name, label, form, max }: TextProps) {
  return <Field label={label} field={form.field(name)} inputProps={{ maxLength: max }} />;
}

function TextArea({ name, label, form, max, hint }: TextProps & { hint?: string }) {
  return (
    <TextAreaField label={label} hint={hint} field={form.field(name)} textareaProps={{ maxLength: max, rows: 3 }} />
  );
}

export default function HomeContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormFields(loaderData.values, actionData);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Contenido de Inicio"
        description="Textos e imagen de la página de inicio. Los cambios se ven en la tienda en la próxima visita."
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/gestion-contenido")}>Volver a Gestión de Contenido</Link>
          </Button>
        }
      />
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <AdminCard title="Portada">
          <div className="flex flex-col gap-4">
            <TextInput name="heroTitle" label="Título principal" max={150} form={form} />
            <TextArea name="heroSubtitle" label="Subtítulo" max={400} form={form} />
          </div>
        </AdminCard>
        <CardsSection form={form} />
        <AdminCard title="Productos Destacados">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="featuredSectionTitle" label="Título de la sección" max={150} form={form} />
            <TextInput name="featuredSectionSubtitle" label="Subtítulo de la sección" max={200} form={form} />
          </div>
        </AdminCard>
        <VisitUsSection form={form} />
        <AdminCard title="Redes Sociales">
          <TextInput name="socialLinksTitle" label="Título sobre los enlaces a redes" max={120} form={form} />
        </AdminCard>
        <div className="flex justify-end">
          <SubmitButton size="lg">Guardar Cambios</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

function CardsSection({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Tarjetas">
      <div className="grid gap-4 md:grid-cols-3">
        <div className="flex flex-col gap-3">
          <TextInput name="aboutCardTitle" label="Título (Sobre Nosotros)" max={80} form={form} />
          <TextArea name="aboutCardText" label="Texto" max={300} form={form} />
        </div>
        <div className="flex flex-col gap-3">
          <TextInput name="productsCardTitle" label="Título (Productos)" max={80} form={form} />
          <TextArea name="productsCardText" label="Texto" max={300} form={form} />
        </div>
        <div className="flex flex-col gap-3">
          <TextInput name="servicesCardTitle" label="Título (Servicios)" max={80} form={form} />
          <TextArea name="servicesCardText" label="Texto" max={300} form={form} />
        </div>
      </div>
    </AdminCard>
  );
}

function VisitUsSection({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Visítanos">
      <div className="flex flex-col gap-4">
        <TextInput name="visitUsTitle" label="Título (vacío oculta el bloque)" max={150} form={form} />
        <TextArea name="visitUsText" label="Texto" max={600} form={form} />
        <TextInput name="visitUsLinkText" label="Texto del enlace a Contacto" max={80} form={form} />
        <ImageUpload
          name="visitUsImage"
          label="Imagen"
          defaultValue={form.value("visitUsImage")}
          error={form.error("visitUsImage")}
          hint="Una foto de la tienda; se muestra junto al texto."
        />
      </div>
    </AdminCard>
  );
}
