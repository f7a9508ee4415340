// Writes every demo artwork as SVG, plus an index.html gallery, to the git-ignored
// screenshots/art/ folder for preview: `npm run art -w @kujiya/server`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SETS } from '../catalogue-data.ts';
import { artworkOf, letterOf } from './demo-art.ts';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../screenshots/art');

async function main() {
  await fs.mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const set of DEMO_SETS) {
    const art = artworkOf(set);
    const base = set.sku.toLowerCase();
    const write = async (name: string, svg: string) => {
      files.push(name);
      await fs.writeFile(path.join(outDir, name), svg);
    };
    await write(`${base}.svg`, art.product);
    for (const [i, svg] of art.letters.entries()) await write(`${base}-prize-${letterOf(i).toLowerCase()}.svg`, svg);
    await write(`${base}-prize-last.svg`, art.last);
    if (art.double) await write(`${base}-prize-double.svg`, art.double);
  }
  const gallery = `<!doctype html><meta name="viewport" content="width=device-width"><title>Kujiya demo art</title>
<style>body{margin:0;padding:8px;background:#222;font-family:sans-serif}img{width:48%;margin:1%;vertical-align:top}img.set{width:98%}</style>
${files.map((f) => `<img class="${f.includes('-prize-') ? 'prize' : 'set'}" src="${f}" alt="${f}">`).join('\n')}`;
  await fs.writeFile(path.join(outDir, 'index.html'), gallery);
  console.log(`Wrote ${files.length} images to ${outDir}`);
}

await main();
