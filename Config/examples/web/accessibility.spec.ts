// Playwright Test: one ARIA snapshot per screen, stored as
// Snapshots/web/<screen>.aria.yml (see playwright.config.ts), for axdiff to
// compare commit by commit.
//
//   npx playwright test accessibility.spec.ts                       # fails when a screen's tree changed
//   npx playwright test accessibility.spec.ts --update-snapshots    # re-records the changed ones
//
// Commit Snapshots/web after re-recording; axdiff's note on that commit says
// what a screen reader user will notice.
import { test, expect } from '@playwright/test';

const screens = [
  { name: 'Home', path: '/' },
  { name: 'Checkout', path: '/checkout' },
];

for (const screen of screens) {
  test(`accessibility snapshot: ${screen.name}`, async ({ page }) => {
    await page.goto(screen.path);
    await expect(page.locator('body')).toMatchAriaSnapshot({ name: `${screen.name}.aria.yml` });
  });
}
