// One JSON object per line on stdout/stderr: what log collectors (journald, Docker,
// a hosting panel) index without a parser.
type LogFields = Record<string, unknown>;

function writeLine(stream: NodeJS.WriteStream, level: string, message: string, fields: LogFields): void {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields })}\n`);
}

export function logInfo(message: string, fields: LogFields = {}): void {
  writeLine(process.stdout, "info", message, fields);
}

/** Something an operator should look at, though nothing failed (on stdout, like info). */
export function logWarn(message: string, fields: LogFields = {}): void {
  writeLine(process.stdout, "warn", message, fields);
}

export function logError(message: string, error: unknown, fields: LogFields = {}): void {
  const details = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  writeLine(process.stderr, "error", message, { ...fields, ...details });
}
