import { pageTitle } from "~/domain/content/seo";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";

import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Política de Privacidad", matches) }];

export async function loader({ context }: Route.LoaderArgs) {
  // The data controller's name, RUC, address and e-mail: the shop's settings.
  cachePage(context, [pageTags.settings]);
  const settings = await getShopSettings();
  return {
    shopName: settings.shopName,
    legalName: settings.providerLegalName,
    ruc: settings.providerRuc,
    address: settings.providerAddress,
    email: settings.contactEmail,
  };
}

/** The privacy notice the registration form links to (Ley N.° 29733 and its regulation). */
export default function Privacy({ loaderData: d }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3 [&_li]:mt-1 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <h1 className="text-3xl font-bold">Política de Privacidad</h1>
      <p>
        En {d.shopName} protegemos tus datos personales conforme a la Ley N.° 29733, Ley de Protección de Datos
        Personales, y su Reglamento (D.S. N.° 016-2024-JUS).
      </p>
      <h2>Titular del banco de datos</h2>
      <p>
        {d.legalName}
        {d.ruc ? `, RUC ${d.ruc}` : ""}
        {d.address ? `, con domicilio en ${d.address}` : ""}.
      </p>
      <h2>Qué datos tratamos y para qué</h2>
      <ul>
        <li>
          Tu nombre, correo electrónico, teléfono y dirección, para crear tu cuenta, atender tus pedidos y coordinar la
          entrega.
        </li>
        <li>El historial de tus pedidos, para que puedas consultarlo y volver a pedir.</li>
        <li>
          Los datos del Libro de Reclamaciones, para atender y responder tu reclamo o queja dentro del plazo legal.
        </li>
      </ul>
      <p>No vendemos ni cedemos tus datos. Solo los compartimos con quien sea necesario para entregarte tu pedido.</p>
      <h2>Cuánto tiempo los conservamos</h2>
      <p>
        Mientras tengas una cuenta con nosotros, y los pedidos y reclamos durante los plazos que exigen las normas
        tributarias y de protección al consumidor.
      </p>
      <h2>Tus derechos</h2>
      <p>
        Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO) escribiéndonos
        {d.email ? ` a ${d.email}` : ""}. Si consideras que no fueron atendidos, puedes acudir a la Autoridad Nacional
        de Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.
      </p>
    </article>
  );
}
