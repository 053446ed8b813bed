import { Construction } from "lucide-react";

/** Placeholder body of a back-office screen whose issue has not landed yet. */
export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <section>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-6 flex items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-muted">
        <Construction className="size-6" aria-hidden />
        <p>Esta pantalla se está construyendo.</p>
      </div>
    </section>
  );
}
