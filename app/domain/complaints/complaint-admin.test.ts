import { describe, expect, test } from "vitest";

import { complaintStatuses as storedComplaintStatuses } from "~/db/schema";
import { parseWithSchema } from "~/lib/form-data";

import {
  buildComplaintAnswerWhatsAppUrl,
  complaintAnswerSchema,
  complaintStatuses,
  describeDeadline,
  EMPTY_ANSWER_MESSAGE,
  parseComplaintId,
  parseComplaintListQuery,
  WHATSAPP_ANSWER_MAX_LENGTH,
} from "./complaint-admin";

describe("describeDeadline", () => {
  test("counts the business days left, Holy Week and weekends aside", () => {
    // Due Wednesday 15 April 2026; on Wednesday 1 April, Jueves and Viernes Santo do not count.
    expect(describeDeadline("2026-04-01", "2026-04-15")).toEqual({
      daysLeft: 8,
      isOverdue: false,
      tone: "on-time",
      label: "Quedan 8 días hábiles",
    });
    expect(describeDeadline("2026-04-10", "2026-04-15")).toMatchObject({ daysLeft: 3, tone: "urgent" });
    expect(describeDeadline("2026-04-14", "2026-04-15").label).toBe("Queda 1 día hábil");
  });

  test("the due date itself is 'Vence hoy'", () => {
    expect(describeDeadline("2026-04-15", "2026-04-15")).toEqual({
      daysLeft: 0,
      isOverdue: false,
      tone: "urgent",
      label: "Vence hoy",
    });
  });

  test("after it, overdue by business days: one, many, and across the year end", () => {
    expect(describeDeadline("2026-04-16", "2026-04-15")).toEqual({
      daysLeft: -1,
      isOverdue: true,
      tone: "overdue",
      label: "Vencida hace 1 día hábil",
    });
    // Due Wednesday 23 December 2026: 24, 28, 29, 30, 31 December and 4 January.
    expect(describeDeadline("2027-01-04", "2026-12-23").label).toBe("Vencida hace 6 días hábiles");
  });

  test("the weekend right after a Friday deadline is already overdue, with no business day lost yet", () => {
    expect(describeDeadline("2026-03-14", "2026-03-13")).toMatchObject({
      daysLeft: 0,
      isOverdue: true,
      label: "Vencida",
    });
  });
});

describe("the list's query string", () => {
  test("reads status, type, search and page; anything else is no filter", () => {
    expect(parseComplaintListQuery(new URL("http://x/?estado=pendiente&tipo=queja&q=%20Ana%20&pagina=3"))).toEqual({
      status: "pendiente",
      type: "queja",
      q: "Ana",
      page: 3,
    });
    expect(parseComplaintListQuery(new URL("http://x/?estado=borrado&tipo=otro&pagina=-1"))).toEqual({
      status: null,
      type: null,
      q: "",
      page: 1,
    });
  });

  test("a complaint id is a positive whole number", () => {
    expect(parseComplaintId("12")).toBe(12);
    for (const raw of [undefined, "", "0", "-3", "1.5", "12abc", "1e3"]) expect(parseComplaintId(raw)).toBeNull();
  });
});

describe("the answer", () => {
  test("is required, trimmed and at most 5000 characters", () => {
    expect(parseWithSchema(complaintAnswerSchema, { answer: "  Gracias.  " })).toEqual({
      success: true,
      data: { answer: "Gracias." },
    });
    expect(parseWithSchema(complaintAnswerSchema, { answer: " \n " })).toMatchObject({
      success: false,
      errors: { answer: EMPTY_ANSWER_MESSAGE },
    });
    expect(parseWithSchema(complaintAnswerSchema, {})).toMatchObject({ errors: { answer: EMPTY_ANSWER_MESSAGE } });
    expect(parseWithSchema(complaintAnswerSchema, { answer: "x".repeat(5001) })).toMatchObject({ success: false });
  });

  test("its statuses are the database's", () => {
    expect(complaintStatuses).toEqual(storedComplaintStatuses);
  });
});

describe("'Enviar respuesta por WhatsApp'", () => {
  const complaint = {
    phone: "987 654 321",
    fullName: "Lucía Ramos",
    code: "2026-000007",
    answer: "Le cambiamos el producto esta semana.",
    providerLegalName: "Patitas Felices S.A.C.",
  };

  test("prefills the answer, naming the complaint, to the consumer's phone", () => {
    const url = new URL(buildComplaintAnswerWhatsAppUrl(complaint));
    expect(url.origin + url.pathname).toBe("https://wa.me/51987654321");
    expect(url.searchParams.get("text")).toBe(
      "Hola Lucía Ramos, le escribimos de Patitas Felices S.A.C. sobre su reclamación 2026-000007 del Libro de " +
        "Reclamaciones.\n\nNuestra respuesta:\nLe cambiamos el producto esta semana.",
    );
  });

  test("a long answer is clipped to what a WhatsApp link carries", () => {
    const long = "a".repeat(WHATSAPP_ANSWER_MAX_LENGTH + 500);
    const text = new URL(buildComplaintAnswerWhatsAppUrl({ ...complaint, answer: long })).searchParams.get("text")!;
    expect(text.endsWith(`${"a".repeat(WHATSAPP_ANSWER_MAX_LENGTH - 1)}…`)).toBe(true);
  });
});
