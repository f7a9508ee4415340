#!/usr/bin/env node
// Draws the installed app's icons (apps/web/public/icons/*.png) from the shop's look: the favicon's
// red tile with the cream ticket and its "K", rendered to PNG by Debian's Chromium (playwright-core).
// The PNGs are committed; run this again only when the look changes:
//
//   node scripts/generate-pwa-icons.mjs
//
// "any" icons keep the favicon's rounded tile on a transparent ground; the maskable one and the Apple
// touch icon fill the whole square (the launcher or iOS cuts the shape) and keep the ticket inside
// the central 80% safe zone a mask may leave.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BRAND = '#e8344e';
const GOLD = '#f5b82e';
const CREAM = '#fff4d6';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');

/** The ticket with its "K" and a gold band, drawn in a 64-unit box, scaled by `scale` around the centre. */
function ticket(scale) {
  return `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <path d="M17 12h30l-4.5 40h-21z" fill="${CREAM}"/>
    <path d="M17 12h30l-0.8 7h-28.4z" fill="${GOLD}"/>
    <circle cx="32" cy="12" r="3.2" fill="${BRAND}"/>
    <text x="32" y="44" font-family="'Arial Black', Arial, sans-serif" font-size="22" text-anchor="middle"
      fill="${BRAND}" font-weight="900">K</text>
  </g>`;
}

const icons = [
  // Rounded tile, as the favicon; what browsers show in tabs, shortcuts and the install dialog.
  { file: 'icon-192.png', size: 192, svg: `<rect width="64" height="64" rx="14" fill="${BRAND}"/>${ticket(1)}` },
  { file: 'icon-512.png', size: 512, svg: `<rect width="64" height="64" rx="14" fill="${BRAND}"/>${ticket(1)}` },
  // Full bleed: the platform applies its own mask (circle, squircle); the ticket stays in the safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: `<rect width="64" height="64" fill="${BRAND}"/>${ticket(0.78)}` },
  { file: 'apple-touch-icon.png', size: 180, svg: `<rect width="64" height="64" fill="${BRAND}"/>${ticket(0.86)}` },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  fs.mkdirSync(out, { recursive: true });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}">${icon.svg}</svg>`;
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({
      path: path.join(out, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`${icon.file}: ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
