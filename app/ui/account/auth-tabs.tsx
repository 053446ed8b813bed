import { cn } from "~/lib/cn";
import { Link } from "~/ui/primitives/link";

/** Tab-like links: each tab is its own URL, so it works without JavaScript and can be shared. */
export function TabLinks({ tabs, current }: { tabs: { id: string; label: string; to: string }[]; current: string }) {
  return (
    <nav aria-label="Secciones" className="flex gap-1 rounded-full bg-primary-soft p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          replace
          preventScrollReset
          aria-current={tab.id === current ? "page" : undefined}
          className={cn(
            "flex-1 rounded-full px-4 py-2 text-center text-sm font-semibold whitespace-nowrap transition",
            tab.id === current ? "bg-white text-primary-strong shadow" : "text-ink hover:bg-white/60",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
