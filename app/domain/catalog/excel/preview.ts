// What the import screen shows: the preview of a plan (the plan itself stays on the
// server) and the toast that tells what a confirmed import did.
import { catalogKinds } from "../kinds";
import { PREVIEW_LIST_LIMIT } from "./layout";
import type { ImportPlan, RemovedVariant, RowError } from "./types";

/** A stored presentación the sheet leaves out, and whether it is archived or deleted. */
type VariantRemoval = RemovedVariant & { productId: number; productTitle: string };

/** What a products sheet does to presentaciones: how many of each, and the ones it removes. */
export type VariantsPreview = {
  counts: { create: number; update: number; archive: number; delete: number };
  removed: VariantRemoval[];
};

/** The preview the import screen shows; the plan itself stays on the server. */
export type ImportPreview = {
  /** Names the uploaded file kept on the server until the admin confirms. */
  token: string;
  /** The plan's fingerprint: the confirmation writes only if the plan is still this one. */
  fingerprint: string;
  fileName: string;
  counts: { create: number; update: number; unchanged: number; errors: number };
  creates: {
    rowNumber: number;
    title: string;
    familyName: string;
    categoryName: string;
    priceCents: number;
    /** A new product's presentaciones, by name (none for a product without sizes). */
    variants: string[];
  }[];
  updates: { rowNumber: number; id: number; title: string; changes: string[] }[];
  errors: RowError[];
  newBrands: string[];
  /** Kinds sold in presentaciones only (products). */
  variants?: VariantsPreview;
};

function previewVariants(plan: ImportPlan): VariantsPreview {
  const rows = plan.updates.flatMap((update) => update.variants?.rows ?? []);
  const removed = plan.updates.flatMap((update) =>
    (update.variants?.removed ?? []).map((removal) => ({
      ...removal,
      productId: update.id,
      productTitle: update.values.title,
    })),
  );
  const created = plan.creates.reduce((total, create) => total + (create.variants?.length ?? 0), 0);
  return {
    counts: {
      create: created + rows.filter((row) => row.id === null).length,
      update: rows.filter((row) => row.id !== null && row.changes.length > 0).length,
      archive: removed.filter((removal) => removal.action === "archive").length,
      delete: removed.filter((removal) => removal.action === "delete").length,
    },
    removed: removed.slice(0, PREVIEW_LIST_LIMIT),
  };
}

export function toPreview(
  plan: ImportPlan,
  upload: { token: string; fingerprint: string; fileName: string },
): ImportPreview {
  return {
    ...upload,
    counts: {
      create: plan.creates.length,
      update: plan.updates.length,
      unchanged: plan.unchanged.length,
      errors: plan.errors.length,
    },
    creates: plan.creates.slice(0, PREVIEW_LIST_LIMIT).map((create) => ({
      rowNumber: create.rowNumber,
      title: create.values.title,
      familyName: create.familyName,
      categoryName: create.categoryName,
      priceCents: create.values.priceCents,
      variants: (create.variants ?? []).flatMap((row) => (row.name === "" ? [] : [row.name])),
    })),
    updates: plan.updates.slice(0, PREVIEW_LIST_LIMIT).map((update) => ({
      rowNumber: update.rowNumber,
      id: update.id,
      title: update.values.title,
      changes: update.changes,
    })),
    errors: plan.errors.slice(0, PREVIEW_LIST_LIMIT),
    newBrands: plan.newBrands,
    ...(catalogKinds[plan.kind].has.variants ? { variants: previewVariants(plan) } : {}),
  };
}

export type ImportOutcome = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  brandsCreated: number;
};

/** The toast's description: '12 creados, 3 actualizados.' plus what was left alone. */
export function describeImportOutcome(outcome: ImportOutcome): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    `${plural(outcome.created, "creado", "creados")}, ${plural(outcome.updated, "actualizado", "actualizados")}.`,
  ];
  if (outcome.unchanged > 0) parts.push(`${outcome.unchanged} sin cambios.`);
  if (outcome.skipped > 0) {
    parts.push(`${plural(outcome.skipped, "fila con errores omitida", "filas con errores omitidas")}.`);
  }
  if (outcome.brandsCreated > 0) parts.push(`${plural(outcome.brandsCreated, "marca nueva", "marcas nuevas")}.`);
  return parts.join(" ");
}
