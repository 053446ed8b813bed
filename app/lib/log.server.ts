// One JSON object per line on stdout/stderr: what log collectors (journald, Docker,
// a hosting panel) index without a parser.
type LogFields = Record<string, unknown>;

export function logInfo(message: string, fields: LogFields = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", msg: message, ...fields })}\n`);
}

/** Something an operator should look at, though nothing failed (one JSON line on stdout). */
export function logWarn(message: string, fields: LogFields = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: message, ...fields })}\n`);
}

export function logError(message: string, error: unknown, fields: LogFields = {}): void {
  const details =
    error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: message, ...fields, ...details })}\n`,
  );
}
