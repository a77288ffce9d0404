import { expect, formReady, test } from "./fixtures.ts";

test("home renders the spec's headline and the form island hydrates", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leap into the Future with AI that Works for Your Business");
  await formReady(page);
});
