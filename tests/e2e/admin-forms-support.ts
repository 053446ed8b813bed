import type { Page } from "@playwright/test";

/**
 * Opens a back-office form once its scripts have run: text typed before hydration can be
 * put back to the server's value by React (controlled fields such as the colour pickers).
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "networkidle" });
}
