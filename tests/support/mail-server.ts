import { SMTPServer } from "smtp-server";

export type TestSmtpServer = {
  /** An smtp:// URL for SMTP_URL. */
  url: string;
  /** Each message received, raw as it arrived. */
  received: string[];
  close: () => Promise<void>;
};

/** A local SMTP server that accepts every message, for tests of the "mail configured" case. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
