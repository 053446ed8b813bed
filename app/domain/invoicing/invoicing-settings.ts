import "~/lib/validation";

import { z } from "zod";

// The 'Comprobantes electrónicos' form (issue 46): what it posts and its Spanish messages.
// The browser reads the same rules (the field names, the series patterns).

export const seriesFields = ["boletaSeries", "facturaSeries", "boletaCreditSeries", "facturaCreditSeries"] as const;
export type SeriesField = (typeof seriesFields)[number];

/** The labels of the series, as the screen and its messages name them. */
export const seriesLabels: Record<SeriesField, string> = {
  boletaSeries: "Serie de boletas",
  facturaSeries: "Serie de facturas",
  boletaCreditSeries: "Serie de notas de crédito de boletas",
  facturaCreditSeries: "Serie de notas de crédito de facturas",
};

/** SUNAT: a boleta's series (and its notes') start with B, a factura's with F; four characters. */
const seriesPatterns: Record<SeriesField, RegExp> = {
  boletaSeries: /^B[A-Z0-9]{3}$/,
  facturaSeries: /^F[A-Z0-9]{3}$/,
  boletaCreditSeries: /^B[A-Z0-9]{3}$/,
  facturaCreditSeries: /^F[A-Z0-9]{3}$/,
};

export const API_URL_MESSAGE =
  "Escribe la RUTA que te dio Nubefact (empieza con https://, por ejemplo https://api.nubefact.com/api/v1/…).";
export const SERIES_MESSAGE = (field: SeriesField) =>
  `${seriesLabels[field]}: 4 caracteres que empiezan con ${field.startsWith("boleta") ? "B" : "F"} (por ejemplo ${field.startsWith("boleta") ? "B001" : "F001"}).`;
export const NEXT_NUMBER_MESSAGE = "El siguiente número debe ser un entero entre 1 y 99999999.";
export const SERIES_LOCKED_MESSAGE = (field: SeriesField) =>
  `${seriesLabels[field]} ya emitió comprobantes: su siguiente número no se puede cambiar.`;
export const SERIES_REPEATED_MESSAGE = "Cada serie debe ser distinta.";
export const TOKEN_TOO_LONG_MESSAGE = "El token admite hasta 200 caracteres.";

/** An https address; plain http only to this machine (a local test PSE). */
function isAcceptedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost"].includes(url.hostname));
  } catch {
    return false;
  }
}

export const invoicingFormSchema = z
  .object({
    apiUrl: z.string().optional(),
    token: z.string().optional(),
    isAutomatic: z.string().optional(),
    boletaSeries: z.string().optional(),
    facturaSeries: z.string().optional(),
    boletaCreditSeries: z.string().optional(),
    facturaCreditSeries: z.string().optional(),
    boletaSeriesNext: z.string().optional(),
    facturaSeriesNext: z.string().optional(),
    boletaCreditSeriesNext: z.string().optional(),
    facturaCreditSeriesNext: z.string().optional(),
  })
  .transform((raw, ctx) => {
    const addIssue = (message: string, field: string) => ctx.addIssue({ code: "custom", message, path: [field] });
    const apiUrl = (raw.apiUrl ?? "").trim();
    if (apiUrl && !isAcceptedUrl(apiUrl)) addIssue(API_URL_MESSAGE, "apiUrl");
    const token = (raw.token ?? "").trim();
    if (token.length > 200) addIssue(TOKEN_TOO_LONG_MESSAGE, "token");
    const series = {} as Record<SeriesField, string>;
    const nextNumbers: Partial<Record<SeriesField, number>> = {};
    for (const field of seriesFields) {
      const value = (raw[field] ?? "").trim().toUpperCase();
      if (!seriesPatterns[field].test(value)) addIssue(SERIES_MESSAGE(field), field);
      series[field] = value;
      const next = (raw[`${field}Next`] ?? "").trim();
      if (next === "") continue;
      if (!/^\d{1,8}$/.test(next) || Number(next) < 1) addIssue(NEXT_NUMBER_MESSAGE, `${field}Next`);
      else nextNumbers[field] = Number(next);
    }
    if (new Set(Object.values(series)).size < seriesFields.length) addIssue(SERIES_REPEATED_MESSAGE, "form");
    return { apiUrl, token, isAutomatic: raw.isAutomatic === "on", ...series, nextNumbers };
  });

export type InvoicingForm = z.output<typeof invoicingFormSchema>;
