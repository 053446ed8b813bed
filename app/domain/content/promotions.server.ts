import { asc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { promotions } from "~/db/schema";

export type CarouselPromotion = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  link: string;
  buttonText: string;
};

/** The promotions the home carousel shows: active ones only, in the owner's order. */
export async function listActivePromotions(): Promise<CarouselPromotion[]> {
  return getDb()
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      image: promotions.image,
      imageAlt: promotions.imageAlt,
      link: promotions.link,
      buttonText: promotions.buttonText,
    })
    .from(promotions)
    .where(eq(promotions.isActive, true))
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
}
