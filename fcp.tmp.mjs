import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-gpu"] });
for (const mobile of [false, true]) for (let i = 0; i < 3; i++) {
  const ctx = await browser.newContext(mobile ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } : {});
  const page = await ctx.newPage();
  await page.goto("http://localhost:4521/", { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const r = await page.evaluate(() => ({ fcp: Math.round(performance.getEntriesByType("paint")[1]?.startTime), lcp: 0 }));
  console.log("mobile", mobile, JSON.stringify(r));
  await ctx.close();
}
await browser.close();
