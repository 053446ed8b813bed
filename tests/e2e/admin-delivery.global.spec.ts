import { expect, test } from "@playwright/test";

import { signInAsAdmin, toast } from "./support";

// /admin/configuracion/delivery (issue 24): the owner adds, corrects and removes a district.
// A global spec: it changes what the checkout will offer.

test("the owner adds a district, is told about a duplicate, edits and deletes it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/configuracion/delivery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delivery");
  await expect(page.getByRole("heading", { name: "Distritos (12)" })).toBeVisible();

  await page.locator("#nuevo-district").fill("Chorrillos");
  await page.locator("#nuevo-fee").fill("12.50");
  await page.locator("#nuevo-minimumOrder").fill("50");
  await page.getByRole("button", { name: "Agregar distrito" }).click();
  await expect(toast(page, "Se guardó el delivery a Chorrillos.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Distritos (13)" })).toBeVisible();

  await page.locator("#nuevo-district").fill("chorrillos");
  await page.locator("#nuevo-fee").fill("9");
  await page.getByRole("button", { name: "Agregar distrito" }).click();
  await expect(page.getByText("Ese distrito ya está en la lista.").first()).toBeVisible();
  await expect(page.locator("#nuevo-fee")).toHaveValue("9");

  const row = page.getByRole("listitem").filter({ has: page.locator('input[value="Chorrillos"]') });
  await row.getByLabel("Costo de envío (S/)").fill("11");
  await row.getByRole("button", { name: "Guardar Chorrillos" }).click();
  await expect(toast(page, "Se guardó el delivery a Chorrillos.")).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ has: page.locator('input[value="Chorrillos"]') })
      .getByLabel("Costo de envío (S/)"),
  ).toHaveValue("11.00");

  await page
    .getByRole("listitem")
    .filter({ has: page.locator('input[value="Chorrillos"]') })
    .getByRole("button", { name: /Eliminar/ })
    .click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Ya no se ofrece delivery a Chorrillos.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Distritos (12)" })).toBeVisible();
});
