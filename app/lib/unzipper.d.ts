// The part of unzipper (exceljs's streaming ZIP parser) that `unzipped-size.server.ts` uses;
// the package ships no types.
declare module "unzipper" {
  import type { Duplex, Readable } from "node:stream";

  /** One entry of the archive: its inflated bytes. */
  export interface Entry extends Readable {
    path: string;
    autodrain(): unknown;
  }

  /** Reads the entries in the order they come; with `forceStream`, a stream of entries. */
  export function Parse(options: { forceStream: true }): Duplex & AsyncIterable<Entry>;

  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
