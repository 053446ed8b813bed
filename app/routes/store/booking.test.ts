// /reservar/{id}'s answer when a visitor goes past what one may hold (issue 41): the phone's
// limit beside the phone field, the address's daily cap for the whole form, what was typed kept.
import { beforeAll, expect, test, vi } from "vitest";

import { DAILY_ADDRESS_LIMIT_MESSAGE, PHONE_SERVICE_LIMIT_MESSAGE } from "~/domain/bookings/booking-limits";
import { getBookableService, listBookableDays, listFreeSlots } from "~/domain/bookings/booking-store.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import { action } from "./booking";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
let serviceId: number;
let date: string;
let times: string[];

beforeAll(async () => {
  await seedDemoShop(handle().db);
  serviceId = await findServiceId(handle().db, "Consulta Veterinaria General");
  const service = (await getBookableService(serviceId))!;
  const now = new Date();
  const day = (await listBookableDays(service, "small", now)).find((candidate) => candidate.free >= 8)!;
  date = day.date;
  times = (await listFreeSlots(service, "small", date, now)).map((slot) => slot.time);
});

type Refused = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

function post(time: string, customerPhone: string, clientIp = "198.51.100.23") {
  const body = new URLSearchParams({
    size: "small",
    date,
    time,
    petName: "Misha",
    petSpecies: "cat",
    customerName: "Ana Torres",
    customerPhone,
  });
  const request = new Request(`http://localhost:3000/reservar/${serviceId}`, { method: "POST", body });
  return action({ request, params: { serviceId: String(serviceId) }, context: { clientIp } } as never) as Promise<
    Response | Refused
  >;
}

test("a third booking of the service with one phone is refused beside the phone, keeping what was typed", async () => {
  expect(await post(times[0]!, "987 654 321")).toBeInstanceOf(Response);
  expect(await post(times[1]!, "987654321")).toBeInstanceOf(Response);
  const refused = (await post(times[2]!, "+51 987 654 321")) as Refused;
  expect(refused.init.status).toBe(409);
  expect(refused.data.errors).toEqual({ customerPhone: PHONE_SERVICE_LIMIT_MESSAGE });
  expect(refused.data.values).toMatchObject({ customerPhone: "+51 987 654 321", petName: "Misha", time: times[2] });
});

test("the address's seventh booking of the day is refused for the whole form; another address books", async () => {
  // The two bookings above came from this address; the refused one does not count.
  for (const [index, time] of times.slice(2, 6).entries()) {
    expect(await post(time, `91${index} 000 000`)).toBeInstanceOf(Response);
  }
  const refused = (await post(times[6]!, "920 000 000")) as Refused;
  expect(refused.init.status).toBe(409);
  expect(refused.data.errors).toEqual({ form: DAILY_ADDRESS_LIMIT_MESSAGE });
  expect(await post(times[6]!, "920 000 000", "198.51.100.24")).toBeInstanceOf(Response);
});
