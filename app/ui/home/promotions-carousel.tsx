import { type FocusEvent, useEffect, useState, useSyncExternalStore } from "react";
import { Form, href } from "react-router";

import type { CarouselPromotion } from "~/domain/content/promotions.server";
import { toSafeHref } from "~/domain/content/shop-profile";
import { responsiveImage } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

const AUTO_ADVANCE_MS = 5000;

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The server cannot know the visitor's preference; it renders as if motion were reduced. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => true,
  );
}

/** Which slide shows, and whether the carousel turns by itself now. */
function useRotation(count: number) {
  const [current, setCurrent] = useState(0);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocusInside, setIsFocusInside] = useState(false);
  const [isPausedByUser, setIsPausedByUser] = useState(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  const canRotate = count > 1 && !prefersReducedMotion;
  const isRotating = canRotate && !isPausedByUser && !isHovered && !isFocusInside;

  useEffect(() => {
    if (!isRotating) return;
    // Keyed on `current`: a manual move restarts the full 5 s before the next one.
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [isRotating, current, count]);

  // Hovering or focusing the carousel holds it still.
  const regionEvents = {
    onMouseEnter: () => setIsHovered(true),
    onMouseLeave: () => setIsHovered(false),
    onFocus: () => setIsFocusInside(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocusInside(false);
    },
  };
  return {
    current,
    goTo: (index: number) => setCurrent((index + count) % count),
    canRotate,
    isRotating,
    isPausedByUser,
    togglePause: () => setIsPausedByUser((paused) => !paused),
    regionEvents,
  };
}

/**
 * The home promotions (WAI-ARIA APG carousel): arrows, dots and a pause button;
 * advances every 5 s, wrapping, except while hovered or focused, after pause, or when
 * the visitor prefers reduced motion. The first slide is server-rendered and its image
 * loaded eagerly; hidden slides are inert, so Tab never lands on an invisible link.
 */
export function PromotionsCarousel({ promotions }: { promotions: CarouselPromotion[] }) {
  const count = promotions.length;
  const rotation = useRotation(count);
  const { current, goTo } = rotation;

  if (count === 0) return <NoPromotions />;

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Promociones"
      className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6"
      {...rotation.regionEvents}
    >
      <div className="@container relative overflow-hidden rounded-3xl border border-primary/15 bg-white shadow-sm">
        <div
          className="flex transition-transform duration-500 ease-in-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={rotation.isRotating ? "off" : "polite"}
        >
          {promotions.map((promotion, index) => (
            <PromotionSlide
              key={promotion.id}
              promotion={promotion}
              position={index + 1}
              count={count}
              isCurrent={index === current}
            />
          ))}
        </div>

        {count > 1 ? (
          <>
            {/* 18.75cqw is half the 8:3 image's height: the arrows sit on the picture at any width. */}
            <CarouselArrow direction="previous" onClick={() => goTo(current - 1)} />
            <CarouselArrow direction="next" onClick={() => goTo(current + 1)} />
          </>
        ) : null}
      </div>

      {count > 1 ? <CarouselControls promotions={promotions} rotation={rotation} /> : null}
    </section>
  );
}

function NoPromotions() {
  return (
    <section aria-label="Promociones" className="mx-auto max-w-7xl px-4 pt-6">
      <div className="flex items-center justify-center gap-3 rounded-3xl bg-secondary-soft px-6 py-10 text-center text-lg font-medium text-ink">
        <Icon name="paw-print" className="size-6 shrink-0 text-primary-strong" aria-hidden />
        <p>Próximamente promociones especiales.</p>
      </div>
    </section>
  );
}

/** The dots (one per slide) and the pause button under the carousel. */
function CarouselControls({
  promotions,
  rotation,
}: {
  promotions: CarouselPromotion[];
  rotation: ReturnType<typeof useRotation>;
}) {
  const { current, goTo, canRotate, isPausedByUser, togglePause } = rotation;
  return (
    <div className="mt-2 flex items-center justify-center gap-1">
      {promotions.map((promotion, index) => (
        <button
          key={promotion.id}
          type="button"
          onClick={() => goTo(index)}
          aria-label={`Mostrar promoción ${index + 1}: ${promotion.title}`}
          aria-current={index === current ? "true" : undefined}
          className="group flex size-8 items-center justify-center rounded-full"
        >
          <span
            className={cn(
              "block h-2.5 rounded-full transition-all duration-500 motion-reduce:transition-none",
              index === current ? "w-7 bg-primary-strong" : "w-2.5 bg-primary/35 group-hover:bg-primary/60",
            )}
          />
        </button>
      ))}
      {canRotate ? (
        <button
          type="button"
          onClick={togglePause}
          aria-label={isPausedByUser ? "Reanudar el carrusel" : "Pausar el carrusel"}
          className="ml-2 flex size-8 items-center justify-center rounded-full text-primary-strong hover:bg-primary-soft"
        >
          {isPausedByUser ? (
            <Icon name="play" className="size-4" aria-hidden />
          ) : (
            <Icon name="pause" className="size-4" aria-hidden />
          )}
        </button>
      ) : null}
    </div>
  );
}

function CarouselArrow({ direction, onClick }: { direction: "previous" | "next"; onClick: () => void }) {
  const isPrevious = direction === "previous";
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isPrevious ? "Promoción anterior" : "Promoción siguiente"}
      className={cn(
        "absolute top-[18.75cqw] flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-primary-strong shadow-md ring-1 ring-primary/20 transition hover:bg-white hover:shadow-lg sm:size-11",
        isPrevious ? "left-2 sm:left-4" : "right-2 sm:right-4",
      )}
    >
      <Icon name={isPrevious ? "chevron-left" : "chevron-right"} className="size-6" />
    </button>
  );
}

function PromotionSlide({
  promotion,
  position,
  count,
  isCurrent,
}: {
  promotion: CarouselPromotion;
  position: number;
  count: number;
  isCurrent: boolean;
}) {
  const link = toSafeHref(promotion.link);
  const buttonText = promotion.buttonText.trim() || "Ver Más";
  const isExternal = link !== null && !link.startsWith("/");
  const titleId = `promocion-${promotion.id}-titulo`;
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${position} de ${count}`}
      aria-hidden={isCurrent ? undefined : true}
      inert={!isCurrent}
      className="relative w-full shrink-0"
    >
      <SlideImage promotion={promotion} isFirst={position === 1} />
      <div className="flex flex-col items-start gap-2 px-5 pt-4 pb-5 @3xl:absolute @3xl:inset-y-0 @3xl:left-0 @3xl:w-[48%] @3xl:justify-center @3xl:bg-gradient-to-r @3xl:from-white/95 @3xl:via-white/80 @3xl:to-transparent @3xl:py-8 @3xl:pl-20">
        <h2 id={titleId} className="text-xl leading-tight font-bold text-primary-strong @3xl:text-4xl">
          {promotion.title}
        </h2>
        {promotion.description ? <p className="text-base text-ink @3xl:text-lg">{promotion.description}</p> : null}
        {promotion.couponCode ? (
          <CouponButton code={promotion.couponCode} titleId={titleId} />
        ) : link ? (
          <Button asChild size="default" className={SLIDE_BUTTON}>
            {isExternal ? (
              <a href={link} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
                {buttonText}
              </a>
            ) : (
              <Link to={link} aria-describedby={titleId}>
                {buttonText}
              </Link>
            )}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const SLIDE_BUTTON = "mt-1 @3xl:mt-3 @3xl:h-12 @3xl:px-7 @3xl:text-base";

/**
 * 'Usar cupón': a form, so it works before the scripts arrive, posted to the cart, which keeps
 * the code on the visitor's cart and opens it. The same for every visitor: the page stays cacheable.
 */
function CouponButton({ code, titleId }: { code: string; titleId: string }) {
  return (
    <Form method="post" action={href("/carrito")}>
      <input type="hidden" name="coupon" value="use" />
      <input type="hidden" name="couponCode" value={code} />
      <Button type="submit" size="default" className={SLIDE_BUTTON} aria-describedby={titleId}>
        Usar cupón
      </Button>
    </Form>
  );
}

function SlideImage({ promotion, isFirst }: { promotion: CarouselPromotion; isFirst: boolean }) {
  if (!promotion.image) {
    return (
      <div className="flex aspect-[8/3] w-full items-center justify-end bg-gradient-to-br from-primary-soft to-secondary-soft pr-[12%]">
        <Icon name="paw-print" className="size-1/4 text-primary/40" aria-hidden />
      </div>
    );
  }
  return (
    <img
      {...responsiveImage(promotion.image, "(min-width: 1280px) 1280px, 100vw")}
      alt={promotion.imageAlt}
      width={1600}
      height={600}
      loading={isFirst ? "eager" : "lazy"}
      fetchPriority={isFirst ? "high" : "auto"}
      decoding={isFirst ? "sync" : "async"}
      className="aspect-[8/3] w-full bg-primary-soft object-cover"
    />
  );
}
