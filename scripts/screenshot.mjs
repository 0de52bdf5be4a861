// Takes a full-page screenshot of a running instance in Debian's Chromium, to look at a screen
// as a user would: node scripts/screenshot.mjs URL OUT.png [width] [height] [locale]
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800', locale = 'en-US'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [width] [height] [locale]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, locale });
page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
