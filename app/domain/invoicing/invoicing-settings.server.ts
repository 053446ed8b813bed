import { eq, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { documentSeries, invoicingSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { openSecret, sealSecret, secretHint } from "~/lib/secret-box.server";

import { pseFor, readInvoicingSettings, TOKEN_PURPOSE } from "./invoicing.server";
import { type InvoicingForm, seriesFields } from "./invoicing-settings";

// 'Comprobantes electrónicos' in the back office (issue 46): the PSE's RUTA and TOKEN (sealed,
// never shown back but for its last four characters), the series and their next numbers
// (editable until a document was issued in them), and whether to issue automatically.

/** What the screen shows: never the token, only its hint. */
export async function readInvoicingScreen() {
  const settings = await readInvoicingSettings();
  const token = settings.tokenSealed ? openSecret(TOKEN_PURPOSE, settings.tokenSealed) : null;
  const seriesNames = seriesFields.map((field) => settings[field]);
  const counters = await getDb().select().from(documentSeries).where(inArray(documentSeries.series, seriesNames));
  return {
    apiUrl: settings.apiUrl,
    tokenHint: token ? secretHint(token) : "",
    /** A token sealed under another shop's secret (a database copied without DATA_DIR): type it again. */
    isTokenUnreadable: Boolean(settings.tokenSealed) && token === null,
    isConfigured: pseFor(settings) !== null,
    isAutomatic: settings.isAutomatic,
    series: seriesFields.map((field) => {
      const counter = counters.find((row) => row.series === settings[field]);
      return {
        field,
        series: settings[field],
        nextNumber: counter?.nextNumber ?? 1,
        /** A document was issued in it: its next number can no longer change. */
        isLocked: counter?.hasIssued ?? false,
      };
    }),
  };
}

export type SaveInvoicingResult =
  | { status: "saved" }
  /** A next number typed for a series that already issued documents. */
  | { status: "series-locked"; field: (typeof seriesFields)[number] };

/** Saves the screen's form (parsed by invoicingFormSchema); a blank token keeps the stored one. */
export async function saveInvoicingSettings(admin: { id: string }, form: InvoicingForm): Promise<SaveInvoicingResult> {
  return getDb().transaction(async (tx) => {
    const current = await readInvoicingSettings(tx);
    // Every series checked before any number is written: a refused form saves nothing of itself.
    const changes: { series: string; next: number }[] = [];
    for (const field of seriesFields) {
      const series = form[field];
      const next = form.nextNumbers[field];
      await tx.insert(documentSeries).values({ series }).onConflictDoNothing();
      const [counter] = await tx.select().from(documentSeries).where(eq(documentSeries.series, series)).for("update");
      if (next === undefined || counter?.nextNumber === next) continue;
      if (counter?.hasIssued) return { status: "series-locked", field } as const;
      changes.push({ series, next });
    }
    for (const { series, next } of changes) {
      await tx.update(documentSeries).set({ nextNumber: next }).where(eq(documentSeries.series, series));
    }
    const values = {
      apiUrl: form.apiUrl,
      tokenSealed: form.token ? sealSecret(TOKEN_PURPOSE, form.token) : current.tokenSealed,
      isAutomatic: form.isAutomatic,
      boletaSeries: form.boletaSeries,
      facturaSeries: form.facturaSeries,
      boletaCreditSeries: form.boletaCreditSeries,
      facturaCreditSeries: form.facturaCreditSeries,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(invoicingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: invoicingSettings.id, set: values });
    await recordAudit(
      {
        userId: admin.id,
        action: "settings",
        entity: "settings",
        // Of the token only whether it changed, never its value.
        summary: {
          url: form.apiUrl,
          credentials: form.token ? "actualizadas" : "sin cambios",
          isAutomatic: form.isAutomatic,
          series: seriesFields.map((field) => form[field]).join(", "),
        },
      },
      tx,
    );
    return { status: "saved" } as const;
  });
}

/** 'Probar conexión': the form's RUTA with its token (or the stored one when left blank). */
export async function testInvoicingConnection(form: Pick<InvoicingForm, "apiUrl" | "token">) {
  const current = await readInvoicingSettings();
  const pse = pseFor({
    ...current,
    apiUrl: form.apiUrl,
    tokenSealed: form.token ? sealSecret(TOKEN_PURPOSE, form.token) : current.tokenSealed,
  });
  if (!pse) return { status: "failed", reason: "Escribe la ruta y el token de Nubefact." } as const;
  return pse.checkConnection();
}
