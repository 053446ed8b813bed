import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { formatLongDate, getLimaDate } from "~/domain/calendar/lima-time";
import { parseCivilDate } from "~/domain/orders/order-admin";
import { type DeliverySheet as Sheet, getDeliverySheet } from "~/domain/orders/order-delivery-sheet.server";
import { formatMoney } from "~/lib/money";
import { PrintSheetControls } from "~/ui/admin/print-sheet-controls";

import type { Route } from "./+types/delivery-sheet";

// /admin/pedidos/reparto?fecha=YYYY-MM-DD: the page the owner prints for the courier, outside
// the back office's chrome, in black on white: the day's deliveries by district with what to
// collect at each door, and the pickup orders waiting at the counter.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Hoja de reparto ${loaderData.sheet.day} | Gestión` : "Hoja de reparto | Gestión" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const day = parseCivilDate(new URL(request.url).searchParams.get("fecha")) ?? getLimaDate(new Date());
  return { sheet: await getDeliverySheet(day) };
}

const PRINT_CSS = `
@page { size: A4 landscape; margin: 10mm; }
@media print {
  html, body { background: #fff !important; }
  [data-toast] { display: none !important; }
  tr { break-inside: avoid; }
}
`;

const cell = "border border-gray-500 px-2 py-1.5 align-top";

function Collect({ row }: { row: { isPaid: boolean; amountToCollectCents: number } }) {
  return row.isPaid ? "Pagado" : formatMoney(row.amountToCollectCents);
}

function DeliveryTable({ sheet }: { sheet: Sheet }) {
  if (sheet.deliveries.length === 0) return <p className="mt-2 text-sm">No hay deliveries para este día.</p>;
  return (
    <table className="mt-2 w-full border-collapse text-sm" aria-label="Deliveries del día">
      <thead>
        <tr className="bg-gray-100 text-left print:bg-transparent">
          {["Distrito", "Código", "Cliente", "Celular", "Dirección", "Referencia", "A cobrar"].map((header) => (
            <th key={header} scope="col" className={cell}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.deliveries.map((row) => (
          <tr key={row.id}>
            <td className={`${cell} font-semibold`}>{row.district}</td>
            <td className={`${cell} whitespace-nowrap`}>{row.code}</td>
            <td className={cell}>{row.customerName}</td>
            <td className={`${cell} whitespace-nowrap`}>{row.customerPhone}</td>
            <td className={`${cell} break-words`}>{row.address}</td>
            <td className={`${cell} break-words`}>{row.reference}</td>
            <td className={`${cell} text-right whitespace-nowrap`}>
              <Collect row={row} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-bold">
          <th scope="row" colSpan={6} className={`${cell} text-right`}>
            {sheet.deliveries.length === 1 ? "1 delivery" : `${sheet.deliveries.length} deliveries`} · Total a cobrar
          </th>
          <td className={`${cell} text-right whitespace-nowrap`} data-testid="delivery-total">
            {formatMoney(sheet.deliveriesToCollectCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function PickupTable({ sheet }: { sheet: Sheet }) {
  if (sheet.pickups.length === 0) return <p className="mt-2 text-sm">No hay pedidos listos para recoger.</p>;
  return (
    <table className="mt-2 w-full border-collapse text-sm" aria-label="Listos para recoger">
      <thead>
        <tr className="bg-gray-100 text-left print:bg-transparent">
          {["Código", "Cliente", "Celular", "A cobrar"].map((header) => (
            <th key={header} scope="col" className={cell}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.pickups.map((row) => (
          <tr key={row.id}>
            <td className={`${cell} whitespace-nowrap`}>{row.code}</td>
            <td className={cell}>{row.customerName}</td>
            <td className={`${cell} whitespace-nowrap`}>{row.customerPhone}</td>
            <td className={`${cell} text-right whitespace-nowrap`}>
              <Collect row={row} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-bold">
          <th scope="row" colSpan={3} className={`${cell} text-right`}>
            {sheet.pickups.length === 1 ? "1 pedido" : `${sheet.pickups.length} pedidos`} · Total a cobrar
          </th>
          <td className={`${cell} text-right whitespace-nowrap`}>{formatMoney(sheet.pickupsToCollectCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function SheetControls({ day }: { day: string }) {
  return (
    <PrintSheetControls
      day={day}
      back={{ to: href("/admin/pedidos"), label: "Volver a pedidos" }}
      className="max-w-5xl"
    />
  );
}

export default function DeliverySheet({ loaderData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  return (
    <div className="min-h-dvh bg-gray-100 py-6 print:bg-white print:py-0">
      <style>{PRINT_CSS}</style>
      <SheetControls day={sheet.day} />
      <main className="mx-auto max-w-5xl bg-white p-6 text-black shadow-sm sm:p-8 print:max-w-none print:p-0 print:shadow-none">
        <h1 className="text-xl font-bold">Hoja de reparto</h1>
        <p className="text-sm first-letter:uppercase">{formatLongDate(sheet.day)}</p>
        <section className="mt-4" aria-label="Delivery">
          <h2 className="text-base font-bold">Delivery</h2>
          <DeliveryTable sheet={sheet} />
        </section>
        <section className="mt-6" aria-label="Recojo en tienda">
          <h2 className="text-base font-bold">Listos para recoger en tienda</h2>
          <PickupTable sheet={sheet} />
        </section>
      </main>
    </div>
  );
}
