/**
 * The configurator's price update after a change, measured in Chromium (docs/product/targets.md#pricing-and-orders: under 100 ms): the time
 * from changing the billing period to the new total on screen, over several changes.
 *
 *   BASE_URL=http://localhost:3000 npx tsx bench/configurator-latency.ts
 */
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:3000';

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/product/vps-buy?regionId=tokyo&planId=std-2c4g`);
  const total = page.getByTestId('total');
  await total.waitFor();
  // The page arrives priced for its default configuration; the query's own quote follows once mounted.
  await page.waitForLoadState('networkidle');
  const samples: number[] = [];
  const periods = ['3', '6', '12', '1'];
  for (let i = 0; i < 20; i += 1) {
    const before = await total.textContent();
    const started = await page.evaluate(() => performance.now());
    await page.getByLabel('Billing period').selectOption(periods[i % periods.length] ?? '1');
    await page.waitForFunction((old) => document.querySelector('[data-testid="total"]')?.textContent !== old, before);
    samples.push((await page.evaluate(() => performance.now())) - started);
  }
  await browser.close();
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
  console.log(
    `configurator price update: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms over ${samples.length} changes`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
