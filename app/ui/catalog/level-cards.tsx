import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Link } from "~/ui/primitives/link";

export type LevelCard = { id: number; name: string; to: string; icon: string | null; count?: number };

/** The next level of the catalogue as cards (families, categories, subcategories). */
export function LevelCards({
  cards,
  countLabel,
  columns = 4,
  className,
}: {
  cards: LevelCard[];
  /** e.g. (n) => `${n} servicios`; omitted: no count shown. */
  countLabel?: (count: number) => string;
  /** Cards per row on a wide screen. */
  columns?: 3 | 4;
  className?: string;
}) {
  return (
    <ul
      className={cn(
        "grid grid-cols-2 gap-4 sm:grid-cols-3",
        columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
        className,
      )}
    >
      {cards.map((card) => (
        <li key={card.id}>
          <Link
            to={card.to}
            className="flex h-full flex-col items-center justify-center gap-3 rounded-2xl border bg-white p-5 text-center shadow-sm transition hover:border-primary hover:shadow-md"
          >
            {card.icon ? (
              <img
                {...responsiveImage(card.icon, "48px")}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 object-contain"
              />
            ) : (
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
                <Icon name="paw-print" className="size-6" aria-hidden />
              </span>
            )}
            <span className="text-lg font-semibold">{card.name}</span>
            {countLabel && card.count !== undefined ? (
              <span className="text-sm text-muted">{countLabel(card.count)}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
