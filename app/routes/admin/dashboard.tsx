import { Link } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { adminSections } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Panel de Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Dashboard() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Panel de Gestión</h1>
      <p className="mt-1 text-muted">Elige qué quieres administrar.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {adminSections.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border bg-white p-5 shadow-sm transition hover:border-primary hover:shadow-md"
            >
              <Icon className="mt-0.5 size-6 text-primary-strong" aria-hidden />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-muted">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
