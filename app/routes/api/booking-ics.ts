import { data } from "react-router";

import { bookingIcsFile } from "~/domain/bookings/booking-mail.server";
import { findViewableBooking } from "~/domain/bookings/booking-view.server";

import type { Route } from "./+types/booking-ics";

// 'Añadir a mi calendario': the booking as an .ics file, to whoever may see its page (issue 28).
export async function loader({ request, params }: Route.LoaderArgs) {
  const booking = await findViewableBooking(request, params.code);
  if (!booking || booking.status === "cancelled") throw data(null, { status: 404 });
  return new Response(await bookingIcsFile(booking), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.code}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
