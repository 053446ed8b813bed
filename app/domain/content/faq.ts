export type FaqEntry = { question: string; answer: string };

/** The eight fixed questions of /faq; only the store's address comes from the settings. */
export function buildFaqEntries(shop: { address: string }): FaqEntry[] {
  const address = shop.address.trim();
  return [
    {
      question: "¿Cuál es el horario de atención?",
      answer:
        "Nuestra tienda física atiende de lunes a sábado de 9:00 a 19:00. Los domingos la " +
        "tienda permanece cerrada, pero puedes seguir comprando en nuestra tienda online " +
        "cuando quieras.",
    },
    {
      question: "¿Hacen delivery?",
      answer:
        "Sí. Hacemos delivery dentro de nuestra zona de cobertura. Arma tu carrito, envíanos " +
        "tu pedido por WhatsApp y coordinamos contigo la dirección, el horario de entrega y " +
        "el pago.",
    },
    {
      question: "¿Qué tipo de productos venden?",
      answer:
        "Todo lo que tu perro o tu gato necesita: alimentos balanceados, snacks, juguetes, " +
        "accesorios como collares y correas, productos de higiene, arena y camas, de marcas " +
        "de confianza.",
    },
    {
      question: "¿Qué servicios ofrecen?",
      answer:
        "Ofrecemos baño y corte (grooming), consulta veterinaria general, vacunación, " +
        "desparasitación y asesoría nutricional para perros y gatos.",
    },
    {
      question: "¿Cómo puedo agendar una cita?",
      answer:
        "Puedes reservar tu cita escribiéndonos por WhatsApp, llamándonos por teléfono o " +
        "visitándonos en la tienda. Te confirmaremos el día y la hora disponibles.",
    },
    {
      question: "¿Puedo cambiar o devolver un producto?",
      answer:
        "Sí. Aceptamos cambios y devoluciones siempre que el producto esté sin usar y en su " +
        "empaque original. Escríbenos para coordinar el cambio o la devolución.",
    },
    {
      question: "¿Tienen un programa de puntos o fidelización?",
      answer:
        "Estamos preparando un programa de fidelización para premiar a nuestros clientes " +
        "frecuentes. ¡Muy pronto te contaremos todos los detalles!",
    },
    {
      question: "¿Dónde está ubicada la tienda?",
      answer: address
        ? `Nos encontramos en ${address}. En la página de Contacto encontrarás el mapa y ` + "el enlace para llegar."
        : "En la página de Contacto encontrarás nuestra dirección y el mapa para llegar.",
    },
  ];
}
