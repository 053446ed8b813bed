/**
 * The WhatsApp green, darkened so that white button text keeps a 4.5:1 contrast
 * (the brand green itself gives about 3.5:1).
 */
export const whatsappActionClass =
  "bg-[color-mix(in_oklab,var(--color-whatsapp)_76%,black)] text-white hover:bg-[color-mix(in_oklab,var(--color-whatsapp)_66%,black)]";
