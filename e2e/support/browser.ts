import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../test/support/chromium-flags';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** In CI a missing browser must fail the run; on a developer machine without Chromium the browser tests skip. */
export const skipBrowserTests = !existsSync(CHROMIUM_PATH) && process.env.E2E_REQUIRE_BROWSER !== '1';

/** Playwright gives every launch a fresh, empty profile of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

const SCREENS_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'screens');

/**
 * Keeps a picture of what a test saw, for people reviewing the screens (not compared by the test).
 * Animations are shown finished: a message fading in is not pictured half transparent.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
