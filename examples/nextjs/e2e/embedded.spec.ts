import { codeOf } from '@latch/devnet';
import { dialog, expect, test } from './fixtures.js';

/*
 * The example with the embedded wallet service configured (LATCH_EMBEDDED_SERVICE_URL): the CSP's `frame-src` names
 * that service's origin and no other. E-mail sign-in loads the service's frame under the CSP with no violation
 * (`strictPage` fails on any), and a frame from any other origin is refused by the browser.
 */

const embeddedTest = test.extend({ allowedOrigins: async ({ embeddedApp }, use) => use(embeddedApp.allowedOrigins) });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

embeddedTest(
  'frame-src is the wallet service only: e-mail sign-in works in its frame, a frame from another origin is blocked',
  async ({ page, embeddedApp, anvil, expectedProblems }) => {
    const { url, inbox } = embeddedApp;
    const service = new URL(embeddedApp.serviceUrl).origin;
    const csp = (await page.request.get(url)).headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`frame-src ${service};`);
    expect(csp).toContain(`connect-src 'self' ${embeddedApp.allowedOrigins.slice(1).join(' ')}`);

    await page.goto(url);
    await page.getByTestId('latch-connect-button').click();
    const email = `nextjs-${Date.now().toString(36)}@example.com`;
    const field = dialog(page).getByRole('textbox', { name: 'Email' });
    await field.fill(email);
    await field.press('Enter');
    const code = codeOf(await inbox.waitFor({ to: email }));
    expect(code).toMatch(/^\d{6}$/);
    await dialog(page)
      .getByRole('textbox', { name: 'Code' })
      .fill(code as string);
    // The service's recovery page, in its frame: a new account's secret to save.
    const frame = page.frameLocator('[data-testid="latch-embedded-recovery-frame"]');
    await expect(frame.locator('#secret')).not.toHaveText('');
    await frame.getByLabel('I have saved my recovery secret').check();
    await frame.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('example-status')).toHaveText('connected');
    await expect(page.getByTestId('example-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);

    // Another origin the page may fetch from (the chain's RPC) but not frame: the browser refuses the frame. The
    // refusal is the one console error this test expects (strictPage checks it was reported).
    const foreign = new URL(anvil.rpcUrl).origin;
    expectedProblems.push(new RegExp(`^(?=.*frame-src)(?=.*${escapeRegExp(foreign)})`));
    const violation = await page.evaluate(
      (src) =>
        new Promise<{ directive: string; blocked: string }>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }),
            {
              once: true,
            },
          );
          const iframe = document.createElement('iframe');
          iframe.src = src;
          document.body.append(iframe);
        }),
      `${foreign}/`,
    );
    expect(violation.directive).toBe('frame-src');
    expect(violation.blocked).toContain(foreign);
  },
);
