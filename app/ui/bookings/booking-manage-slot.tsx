import { lazySlot, renderNothing } from "~/ui/lazy-slot";

// 'Cancelar reserva' and 'Cambiar horario' (booking-manage.tsx, with its calendar) are a chunk
// of their own, out of the booking page's first load (the 120 KB budget, ADR 013). The server
// renders them in full, so they work without JavaScript; if the chunk cannot be fetched, the
// server's HTML stays (its forms still post).
const manage = lazySlot(() =>
  import("./booking-manage").then(
    (module) => module.BookingManage,
    () => renderNothing,
  ),
);
if (import.meta.env.SSR) await manage.preload();

export const BookingManageSlot = manage.Slot;
