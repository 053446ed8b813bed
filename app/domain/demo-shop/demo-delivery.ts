// The demo shop's delivery districts (issue 24): Lima districts a small shop in Surquillo
// would serve, with sample fees; free delivery from S/ 100.00 (the seed's 'Delivery Gratis'
// promotion, now a rule the checkout applies) and a minimum order for the farthest ones.
export const demoDeliveryZones = [
  { district: "Surquillo", feeCents: 500, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "Miraflores", feeCents: 700, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "San Isidro", feeCents: 800, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "San Borja", feeCents: 800, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "Barranco", feeCents: 800, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "Santiago de Surco", feeCents: 1000, minimumOrderCents: 4000, freeFromCents: 10000 },
  { district: "Lince", feeCents: 900, minimumOrderCents: null, freeFromCents: 10000 },
  { district: "Jesús María", feeCents: 1000, minimumOrderCents: 4000, freeFromCents: 10000 },
  { district: "Magdalena del Mar", feeCents: 1000, minimumOrderCents: 4000, freeFromCents: 10000 },
  { district: "Pueblo Libre", feeCents: 1100, minimumOrderCents: 4000, freeFromCents: 12000 },
  { district: "San Miguel", feeCents: 1200, minimumOrderCents: 5000, freeFromCents: 12000 },
  { district: "La Molina", feeCents: 1500, minimumOrderCents: 6000, freeFromCents: 15000 },
] as const;
