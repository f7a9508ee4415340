// Writes the draw page's artwork and sounds to apps/web/public/draw/ (run: npm run assets:draw -w @kujiya/web).
// Everything is generated here from code; the outputs are committed so the build needs no extra step.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boxSvg, tearEffectSvg, ticketBackSvg, ticketSpriteSvg } from './draw-art.mjs';
import { backgroundLoop, moeMoeKyun, wav } from './draw-audio.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'draw');
mkdirSync(out, { recursive: true });

const files = {
  'ticket-sprite.svg': ticketSpriteSvg(),
  'tear-effect.svg': tearEffectSvg(),
  'ticket-back-gold.svg': ticketBackSvg('gold'),
  'ticket-back-silver.svg': ticketBackSvg('silver'),
  'ticket-back-bronze.svg': ticketBackSvg('bronze'),
  'ticket-back-last.svg': ticketBackSvg('last'),
  'box.svg': boxSvg(),
  'moe-moe-kyun.wav': wav(moeMoeKyun(22050), 22050, 16),
  'background-music.wav': wav(backgroundLoop(11025), 11025, 8),
};
for (const [name, content] of Object.entries(files)) {
  writeFileSync(join(out, name), content);
  console.log(`${name}: ${Buffer.byteLength(content)} bytes`);
}
