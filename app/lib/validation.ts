import { z } from "zod";

// zod's own messages (a missing field, a wrong type) in Spanish, on the server and in
// the browser: a shopper never reads an English validation message.
z.config(z.locales.es());
