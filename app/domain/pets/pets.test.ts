// The pet form's rules ('Mis Mascotas', issue 28): every bad input gets its Spanish message on
// its own field; weights typed with a comma or a point become grams; ages read as people say them.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { NUL_CHARACTER_MESSAGE, parseWithSchema } from "~/lib/form-data";

import { foodChoiceLabel, formatWeight, petPhotoPath, weightToInput } from "./pet-labels";
import { parseWeightGrams, PET_FORM_MESSAGES, petAgeLabel, petFormSchema } from "./pets";

const valid = { name: "Firulais", species: "dog", size: "medium" };

function errorsOf(input: Record<string, string>) {
  const parsed = parseWithSchema(petFormSchema, input);
  return parsed.success ? {} : parsed.errors;
}

function parse(input: Record<string, string>) {
  const parsed = parseWithSchema(petFormSchema, input);
  if (!parsed.success) throw new Error(parsed.firstMessage);
  return parsed.data;
}

// Wednesday 10 June 2026, 23:30 in Lima: already the 11th in UTC.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-11T04:30:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the pet form", () => {
  test("the required fields alone make a pet, the optional ones empty", () => {
    expect(parse({ ...valid, breed: "", birthDate: "", weight: "", dailyFoodGrams: "", notes: "" })).toEqual({
      name: "Firulais",
      species: "dog",
      breed: "",
      size: "medium",
      birthDate: null,
      weightGrams: null,
      dailyFoodGrams: null,
      foodVariantId: null,
      notes: "",
    });
  });

  test("every field filled in, trimmed", () => {
    expect(
      parse({
        name: "  Misha ",
        species: "cat",
        breed: " Siamés ",
        size: "small",
        birthDate: "2024-02-29",
        weight: " 4,25 ",
        dailyFoodGrams: "60",
        foodVariantId: " 12 ",
        notes: " Alérgica al pollo. ",
      }),
    ).toEqual({
      name: "Misha",
      species: "cat",
      breed: "Siamés",
      size: "small",
      birthDate: "2024-02-29",
      weightGrams: 4250,
      dailyFoodGrams: 60,
      foodVariantId: 12,
      notes: "Alérgica al pollo.",
    });
  });

  test.each([
    ["name", { name: "" }, PET_FORM_MESSAGES.nameMissing],
    ["name", { name: "   " }, PET_FORM_MESSAGES.nameMissing],
    ["name", { name: "x".repeat(61) }, PET_FORM_MESSAGES.nameTooLong],
    ["species", { species: "" }, PET_FORM_MESSAGES.species],
    ["species", { species: "bird" }, PET_FORM_MESSAGES.species],
    ["breed", { breed: "x".repeat(61) }, PET_FORM_MESSAGES.breedTooLong],
    ["size", { size: "" }, PET_FORM_MESSAGES.size],
    ["size", { size: "huge" }, PET_FORM_MESSAGES.size],
    ["birthDate", { birthDate: "2025-02-30" }, PET_FORM_MESSAGES.birthDateInvalid],
    ["birthDate", { birthDate: "31/02/2024" }, PET_FORM_MESSAGES.birthDateInvalid],
    ["birthDate", { birthDate: "10/03/1980" }, PET_FORM_MESSAGES.birthDateTooOld],
    ["birthDate", { birthDate: "2026-06-11" }, PET_FORM_MESSAGES.birthDateFuture],
    ["birthDate", { birthDate: "2031-01-01" }, PET_FORM_MESSAGES.birthDateFuture],
    ["birthDate", { birthDate: "1989-12-31" }, PET_FORM_MESSAGES.birthDateTooOld],
    ["weight", { weight: "cuatro" }, PET_FORM_MESSAGES.weightInvalid],
    ["weight", { weight: "4.5 kg" }, PET_FORM_MESSAGES.weightInvalid],
    ["weight", { weight: "-3" }, PET_FORM_MESSAGES.weightInvalid],
    ["weight", { weight: "1.2345" }, PET_FORM_MESSAGES.weightInvalid],
    ["weight", { weight: "0" }, PET_FORM_MESSAGES.weightRange],
    ["weight", { weight: "0,09" }, PET_FORM_MESSAGES.weightRange],
    ["weight", { weight: "150.001" }, PET_FORM_MESSAGES.weightRange],
    ["dailyFoodGrams", { dailyFoodGrams: "250.5" }, PET_FORM_MESSAGES.dailyFoodInvalid],
    ["dailyFoodGrams", { dailyFoodGrams: "mucho" }, PET_FORM_MESSAGES.dailyFoodInvalid],
    ["dailyFoodGrams", { dailyFoodGrams: "0" }, PET_FORM_MESSAGES.dailyFoodRange],
    ["dailyFoodGrams", { dailyFoodGrams: "5001" }, PET_FORM_MESSAGES.dailyFoodRange],
    ["foodVariantId", { foodVariantId: "abc" }, PET_FORM_MESSAGES.foodUnknown],
    ["foodVariantId", { foodVariantId: "-3" }, PET_FORM_MESSAGES.foodUnknown],
    ["foodVariantId", { foodVariantId: "99999999999" }, PET_FORM_MESSAGES.foodUnknown],
    ["notes", { notes: "x".repeat(1001) }, PET_FORM_MESSAGES.notesTooLong],
    ["notes", { notes: "Muerde\u0000" }, NUL_CHARACTER_MESSAGE],
    ["name", { name: "Fi\u0000rulais" }, NUL_CHARACTER_MESSAGE],
    ["breed", { breed: "\u0000" }, NUL_CHARACTER_MESSAGE],
  ])("%s refused: %j", (field, change, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  test("a missing name, species and size each say so on their own field", () => {
    expect(errorsOf({})).toEqual({
      name: PET_FORM_MESSAGES.nameMissing,
      species: PET_FORM_MESSAGES.species,
      size: PET_FORM_MESSAGES.size,
    });
  });

  test("the NUL check also holds for the schema alone (without parseWithSchema)", () => {
    const result = petFormSchema.safeParse({ ...valid, notes: "a\u0000b" });
    expect(result.success ? "" : result.error.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
  });

  test("the limits themselves are accepted", () => {
    expect(
      parse({
        ...valid,
        name: "x".repeat(60),
        breed: "y".repeat(60),
        birthDate: "1990-01-01",
        weight: "0.1",
        dailyFoodGrams: "5000",
        notes: "z".repeat(1000),
      }),
    ).toMatchObject({ weightGrams: 100, dailyFoodGrams: 5000, birthDate: "1990-01-01" });
    expect(parse({ ...valid, weight: "150", dailyFoodGrams: "1", birthDate: "2026-06-10" })).toMatchObject({
      weightGrams: 150_000,
      dailyFoodGrams: 1,
      // Today in Lima, though it is already the 11th in UTC.
      birthDate: "2026-06-10",
    });
  });
});

describe("weights", () => {
  test.each([
    ["4.5", 4500],
    ["4,5", 4500],
    ["12", 12_000],
    ["0,125", 125],
    ["0.1", 100],
    [" 7,05 ", 7050],
    ["1.2345", null],
    ["4.", null],
    [",5", null],
    ["4,5,0", null],
    ["", null],
  ])("%j kg is %j g", (typed, grams) => {
    expect(parseWeightGrams(typed)).toBe(grams);
  });

  test("shown back in kilos", () => {
    expect(formatWeight(4500)).toBe("4.5 kg");
    expect(formatWeight(12_000)).toBe("12 kg");
    expect(formatWeight(125)).toBe("0.125 kg");
    expect(weightToInput(4250)).toBe("4.25");
    expect(weightToInput(null)).toBe("");
    expect(parseWeightGrams(weightToInput(7050))).toBe(7050);
  });
});

describe("ages", () => {
  test.each([
    ["2024-06-10", "2026-06-10", "2 años"],
    ["2024-06-11", "2026-06-10", "1 año"],
    ["2025-06-10", "2026-06-10", "1 año"],
    ["2025-06-11", "2026-06-10", "11 meses"],
    ["2026-01-10", "2026-06-10", "5 meses"],
    ["2026-01-11", "2026-06-10", "4 meses"],
    ["2026-05-10", "2026-06-10", "1 mes"],
    ["2026-05-11", "2026-06-10", "Menos de 1 mes"],
    ["2026-06-10", "2026-06-10", "Menos de 1 mes"],
    ["2010-12-31", "2026-06-10", "15 años"],
    ["2026-06-11", "2026-06-10", ""],
    ["no es fecha", "2026-06-10", ""],
  ])("born %s, on %s: %j", (birthDate, today, label) => {
    expect(petAgeLabel(birthDate, today)).toBe(label);
  });
});

test("a food is named by its product and presentación, with its weight unless the name says it", () => {
  expect(foodChoiceLabel("Alimento Pro Plan", "Bolsa grande", 15_000)).toBe("Alimento Pro Plan — Bolsa grande (15 kg)");
  expect(foodChoiceLabel("Alimento Pro Plan", "3 kg", 3000)).toBe("Alimento Pro Plan — 3 kg");
  expect(foodChoiceLabel("Alimento Pro Plan", "1,5 KG", 1500)).toBe("Alimento Pro Plan — 1,5 KG");
  expect(foodChoiceLabel("Croquetas Ricocan", "", 15_000)).toBe("Croquetas Ricocan (15 kg)");
  expect(foodChoiceLabel("Croquetas Ricocan 15 kg", "", 15_000)).toBe("Croquetas Ricocan 15 kg");
  expect(foodChoiceLabel("Alimento", "13 kg", 3000)).toBe("Alimento — 13 kg (3 kg)");
  expect(foodChoiceLabel("Alimento", "Bolsa", null)).toBe("Alimento — Bolsa");
});

test("the photo's address names the pet and changes with the photo", () => {
  expect(petPhotoPath(7, "0123456789abcdef0123456789abcdef.webp")).toBe("/mascota/7/foto?v=01234567");
});
