import { Form, href, Link } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { getEditablePageContent, savePageContent } from "~/domain/content/page-content-admin.server";
import { contentSavedToast, homeFormSchema } from "~/domain/content/page-content-form";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ImageUpload } from "~/ui/admin/image-upload";
import { Field, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

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
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(homeFormSchema, values);
  if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  await savePageContent(admin.id, "home", parsed.data);
  return redirectWithToast(HOME_EDITOR_PATH, contentSavedToast);
}

type TextProps = { name: string; label: string; values: FormValues; errors: Record<string, string>; max: number };

function TextInput({ name, label, values, errors, max }: TextProps) {
  return (
    <Field
      label={label}
      error={errors[name]}
      inputProps={{ id: name, name, defaultValue: values[name], maxLength: max }}
    />
  );
}

function TextArea({ name, label, values, errors, max, hint }: TextProps & { hint?: string }) {
  return (
    <TextAreaField
      id={name}
      label={label}
      hint={hint}
      error={errors[name]}
      textareaProps={{ name, defaultValue: values[name], maxLength: max, rows: 3 }}
    />
  );
}

export default function HomeContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const values: FormValues = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const common = { values, errors };
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
            <TextInput name="heroTitle" label="Título principal" max={150} {...common} />
            <TextArea name="heroSubtitle" label="Subtítulo" max={400} {...common} />
          </div>
        </AdminCard>

        <AdminCard title="Tarjetas">
          <div className="grid gap-4 md:grid-cols-3">
            <div className="flex flex-col gap-3">
              <TextInput name="aboutCardTitle" label="Título (Sobre Nosotros)" max={80} {...common} />
              <TextArea name="aboutCardText" label="Texto" max={300} {...common} />
            </div>
            <div className="flex flex-col gap-3">
              <TextInput name="productsCardTitle" label="Título (Productos)" max={80} {...common} />
              <TextArea name="productsCardText" label="Texto" max={300} {...common} />
            </div>
            <div className="flex flex-col gap-3">
              <TextInput name="servicesCardTitle" label="Título (Servicios)" max={80} {...common} />
              <TextArea name="servicesCardText" label="Texto" max={300} {...common} />
            </div>
          </div>
        </AdminCard>

        <AdminCard title="Productos Destacados">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="featuredSectionTitle" label="Título de la sección" max={150} {...common} />
            <TextInput name="featuredSectionSubtitle" label="Subtítulo de la sección" max={200} {...common} />
          </div>
        </AdminCard>

        <AdminCard title="Visítanos">
          <div className="flex flex-col gap-4">
            <TextInput name="visitUsTitle" label="Título (vacío oculta el bloque)" max={150} {...common} />
            <TextArea name="visitUsText" label="Texto" max={600} {...common} />
            <TextInput name="visitUsLinkText" label="Texto del enlace a Contacto" max={80} {...common} />
            <ImageUpload
              name="visitUsImage"
              label="Imagen"
              defaultValue={values.visitUsImage}
              error={errors.visitUsImage}
              hint="Una foto de la tienda; se muestra junto al texto."
            />
          </div>
        </AdminCard>

        <AdminCard title="Redes Sociales">
          <TextInput name="socialLinksTitle" label="Título sobre los enlaces a redes" max={120} {...common} />
        </AdminCard>

        <div className="flex justify-end">
          <SubmitButton size="lg">Guardar Cambios</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
