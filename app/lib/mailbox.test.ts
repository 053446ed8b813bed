import { expect, test } from "vitest";

import { normalizeMailbox } from "./mailbox";

test("every spelling of one inbox is one key: case, '+tag', and Gmail's dots and second domain", () => {
  for (const typed of [
    "victim@example.pe",
    " Victim@Example.PE ",
    "victim+1@example.pe",
    "victim+stock+2@example.pe",
  ]) {
    expect(normalizeMailbox(typed)).toBe("victim@example.pe");
  }
  for (const typed of ["ana.rosa@gmail.com", "AnaRosa+tienda@gmail.com", "a.n.a.r.o.s.a@googlemail.com"]) {
    expect(normalizeMailbox(typed)).toBe("anarosa@gmail.com");
  }
});

test("dots count outside Gmail, and different inboxes stay apart", () => {
  expect(normalizeMailbox("ana.rosa@example.pe")).toBe("ana.rosa@example.pe");
  expect(normalizeMailbox("anarosa@example.pe")).not.toBe(normalizeMailbox("ana.rosa@example.pe"));
  expect(normalizeMailbox("ana@example.pe")).not.toBe(normalizeMailbox("ana@example.com"));
});
