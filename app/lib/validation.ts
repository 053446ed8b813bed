import { z } from "zod";

// zod's own messages (a missing field, a wrong type) in Spanish: a shopper never reads
// an English validation message. Imported by the server entry (server/app.ts) and by
// the schema modules that also run in the browser; not by root.tsx, which would send
// zod to every page.
z.config(z.locales.es());
