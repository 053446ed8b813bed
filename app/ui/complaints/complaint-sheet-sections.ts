import { complaintTypeLabels } from "~/domain/complaints/complaint";
import type { AdminComplaint } from "~/domain/complaints/complaint-admin.server";

export type SheetRow = { label: string; value: string; isLong?: boolean };
export type SheetSection = { number: number; title: string; rows: SheetRow[] };

const NOT_GIVEN = "No indicado";

/**
 * The first three numbered sections of the hoja de reclamación, as the consumer filed
 * them; the back office's detail and the printable sheet draw the same rows.
 */
export function describeFiledSections(complaint: AdminComplaint): SheetSection[] {
  const consumer: SheetRow[] = [
    { label: "Nombre completo", value: complaint.fullName },
    { label: "Documento de identidad", value: `${complaint.documentType} ${complaint.documentNumber}` },
    { label: "Teléfono", value: complaint.phone },
    { label: "Correo electrónico", value: complaint.email },
    { label: "Dirección", value: complaint.address, isLong: true },
    { label: "Menor de edad", value: complaint.isMinor ? "Sí" : "No" },
  ];
  if (complaint.isMinor) {
    consumer.push(
      { label: "Padre, madre o apoderado", value: complaint.guardianFullName || NOT_GIVEN },
      { label: "Documento del padre, madre o apoderado", value: complaint.guardianDocumentNumber || NOT_GIVEN },
    );
  }
  return [
    { number: 1, title: "Identificación del Consumidor Reclamante", rows: consumer },
    {
      number: 2,
      title: "Identificación del Bien Contratado",
      rows: [
        { label: "Producto o servicio", value: complaint.productOrService || NOT_GIVEN },
        { label: "Monto reclamado", value: complaint.amount ?? NOT_GIVEN },
      ],
    },
    {
      number: 3,
      title: "Detalle de la Reclamación y Pedido del Consumidor",
      rows: [
        { label: "Tipo", value: complaintTypeLabels[complaint.complaintType] },
        { label: "Detalle", value: complaint.description, isLong: true },
        { label: "Pedido", value: complaint.request, isLong: true },
      ],
    },
  ];
}

export const PROVIDER_SECTION_TITLE = "Observaciones y Acciones Adoptadas por el Proveedor";
