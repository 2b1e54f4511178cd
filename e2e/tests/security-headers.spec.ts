import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { openHome } from '../support/home.ts';

const PLAYER_NUMBER = '9876500931';
const FRAMED_PLAYER_NUMBER = '9876500932';
const PASSWORD = 'csp-check-pass-1';

/** The main screens a player moves between; each must run under the content security policy untouched. */
const MAIN_SCREENS = [
  '/#/mine',
  '/#/win',
  '/#/recharge',
  '/#/addressList',
  '/#/orderList',
  '/#/bankCardList',
  '/#/',
];

/**
 * Records every content-security-policy violation the page reports: the `securitypolicyviolation` events
 * (collected by a script the page runs before its own) and the console's "Refused to …" errors.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      consoleViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

test('the app runs under its content security policy: no violation on the main screens', async ({ page }) => {
  const violations = await watchViolations(page);
  const home = await page.request.get('/');
  const csp = home.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home.headers()['x-content-type-options']).toBe('nosniff');

  await openHome(page);
  expect(await violations()).toEqual([]);
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  for (const screen of MAIN_SCREENS) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
    expect(await violations(), screen).toEqual([]);
  }
  // An injected inline script is refused and reported: the check above would have seen a violation.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
});

test('the launcher frames the demo game under both policies: the app may frame it, nothing breaks inside', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await registerThroughTheApp(page, FRAMED_PLAYER_NUMBER, PASSWORD);
  await openHome(page);
  const gamePage = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/demo-provider/dice',
  );
  await page.getByRole('button', { name: 'Play Dice' }).click();
  await expect(page).toHaveURL(/#\/moreGame\?id=\d+&name=Dice/);
  // The framed page carries the app's whole policy, with the app (and only it) allowed to frame it.
  const headers = (await gamePage).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self' https://checkout.razorpay.com");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  const game = page.frameLocator('[data-testid="more-game-frame"]');
  await expect(game.getByTestId('dice-balance')).toHaveText('0.00');
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
