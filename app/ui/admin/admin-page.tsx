import type { ReactNode } from "react";

/** Title, optional intro and header actions of a back-office screen. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A white card that groups one form or block of a screen. */
export function AdminCard({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} aria-label={title} className="rounded-xl border bg-white p-5 shadow-sm sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-bold">{title}</h2> : null}
      {children}
    </section>
  );
}
