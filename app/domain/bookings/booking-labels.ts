import type { BookingStatus, PetSize, PetSpecies } from "~/db/schema/bookings";

export type { BookingStatus, PetSize, PetSpecies };

// The agenda's words and messages, without zod: the storefront's pages import these, and zod
// would weigh on their first load (ADR 013). The form's rules are booking.ts.

export const petSizeLabels: Record<PetSize, string> = { small: "Pequeño", medium: "Mediano", large: "Grande" };
export const petSpeciesLabels: Record<PetSpecies, string> = { dog: "Perro", cat: "Gato" };
export const bookingStatusLabels: Record<BookingStatus, string> = {
  confirmed: "Confirmada",
  attended: "Atendida",
  no_show: "No asistió",
  cancelled: "Cancelada",
};

export const SLOT_TAKEN_MESSAGE = "Ese horario acaba de ocuparse. Elige otro.";
export const SLOT_UNAVAILABLE_MESSAGE = "Ese horario no está disponible. Elige uno de la lista.";
export const DAY_UNAVAILABLE_MESSAGE = "Ese día no atendemos citas. Elige otro día del calendario.";
export const PAST_DAY_MESSAGE = "Esa fecha ya pasó. Elige un día del calendario.";
export const SIZE_UNAVAILABLE_MESSAGE = "Este servicio no atiende mascotas de ese tamaño.";
export const SERVICE_UNAVAILABLE_MESSAGE = "Este servicio no se puede reservar en línea.";
export const LATE_CHANGE_MESSAGE = "Para cambios, escríbenos por WhatsApp";

/** 'RES-000123'. */
export function formatBookingCode(bookingId: number): string {
  return `RES-${String(bookingId).padStart(6, "0")}`;
}
export const BOOKING_CODE_PATTERN = /^RES-\d{6,}$/;

export const MAX_BOOKING_NOTES_LENGTH = 1000;
export const MAX_PET_NAME_LENGTH = 60;
export const MAX_BREED_LENGTH = 60;
