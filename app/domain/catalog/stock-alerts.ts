// The stock alert's texts that the browser shows too (the server module holds the rules).

/** What the confirmation page and its toast say once an alert is confirmed. */
export const STOCK_ALERT_CONFIRMED_MESSAGE = "Listo: te avisaremos cuando vuelva a haber stock.";
