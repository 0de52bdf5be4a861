import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe.skipIf(skipBrowserTests)('accessibility', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const path of ['/auth#login', '/auth#register', '/forgot-password', '/validate-code', '/reset-password?token=x']) {
      it(`has no serious axe violations on ${path} (${name})`, async () => {
        // axe is injected as an inline script, which the product's CSP rightly blocks.
        const page = await product.browser().newPage({ viewport, bypassCSP: true });
        await page.goto(`${product.server().url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });
    }
  }

  it('changes the language with the keyboard alone', async () => {
    const page = await product.browser().newPage({ viewport: VIEWPORTS.desktop, locale: 'en-US' });
    await page.goto(`${product.server().url}/auth`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const trigger = page.getByRole('button', { name: /change language/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Español' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(async () => (await page.getByRole('button', { name: /cambiar idioma/ }).count()) === 1).toBe(true);
    await page.close();
  });
});
