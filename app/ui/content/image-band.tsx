import type { ReactNode } from "react";

import { responsiveImage } from "~/domain/media/image";

// A band of the storefront's content pages: a picture on one half and text on the other, on
// the shop's soft colour (home's 'Visítanos', about's team). Without a picture the text fills it.
export function ImageBand({
  headingId,
  image,
  sizes,
  children,
}: {
  /** The id of the band's own heading, which names the section. */
  headingId: string;
  /** The picture's stored path; empty for none. */
  image: string;
  /** The image's `sizes`: how wide it is drawn at each breakpoint. */
  sizes: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-7xl px-4">
      {/* One shrinkable column on phones: at 320 px a button's label would widen the page. */}
      <div className="grid grid-cols-1 items-center overflow-hidden rounded-3xl bg-primary-soft md:grid-cols-2">
        {image ? (
          <img
            {...responsiveImage(image, sizes)}
            alt=""
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] size-full object-cover"
          />
        ) : null}
        {children}
      </div>
    </section>
  );
}
