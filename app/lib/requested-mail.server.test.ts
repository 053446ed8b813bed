// Issue 41: the shop must not be a way to flood someone's inbox. What a visitor's action mails
// to an address they typed is capped per inbox and day, however the address is spelled.
import { afterEach, beforeEach, expect, test, vi } from "vitest";

import { sentMails } from "~test/captured-mail";

import { sendMail } from "./mail.server";
import { rateRules } from "./rate-limit.server";
import { sendRequestedMail } from "./requested-mail.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const message = (to: string) => ({
  to,
  subject: "Reclamación 2026-000001 registrada",
  text: "Hola",
  html: "<p>Hola</p>",
});
const logged: string[] = [];

beforeEach(() => {
  sentMails.length = 0;
  logged.length = 0;
  vi.spyOn(process.stdout, "write").mockImplementation((line) => logged.push(String(line)) > 0);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

test("one inbox gets the day's cap, however its address is spelled; past it nothing is sent and a line says so", async () => {
  vi.useFakeTimers({ now: new Date("2026-05-04T15:00:00Z"), toFake: ["Date"] });
  const { limit } = rateRules.requestedMailsPerRecipient;
  const spellings = [
    "Victima@Gmail.com",
    "victima+1@gmail.com",
    "vic.tima@googlemail.com",
    "v.i.c.t.i.m.a+x@gmail.com",
  ];
  const receipts = [];
  for (let n = 0; n < 30; n++) receipts.push(await sendRequestedMail(message(spellings[n % spellings.length]!)));

  expect(sentMails).toHaveLength(limit);
  expect(receipts.slice(0, limit).every((receipt) => receipt.delivery === "smtp")).toBe(true);
  expect(receipts.slice(limit).every((receipt) => receipt.delivery === "withheld")).toBe(true);
  const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(30 - limit);
  expect(lines[0]).toMatchObject({
    level: "warn",
    msg: "e-mail withheld: its recipient reached the day's cap of e-mails sent on a visitor's request",
    subject: "Reclamación 2026-000001 registrada",
  });

  // Another inbox is not affected, nor is what the shop sends on its own.
  expect(await sendRequestedMail(message("otra@example.pe"))).toEqual({ delivery: "smtp" });
  expect(await sendMail(message("victima@gmail.com"))).toEqual({ delivery: "smtp" });

  // A day later the inbox may be written to again.
  vi.setSystemTime(new Date("2026-05-05T15:00:01Z"));
  expect(await sendRequestedMail(message("victima@gmail.com"))).toEqual({ delivery: "smtp" });
});
