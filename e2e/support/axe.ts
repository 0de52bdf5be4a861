import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe-core's serious and critical findings on the page as it settles (the page needs bypassCSP:
 * axe is an inline script). A message still fading in is measured once its animation has ended:
 * half-transparent text midway through would read as low contrast. A widget answer still streaming
 * is awaited first: its finished bubble replaces it and fades in anew.
 */
export async function seriousViolations(page: Page | Frame): Promise<string[]> {
  await page.waitForFunction(() => document.querySelector('.message[aria-busy="true"]') === null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
