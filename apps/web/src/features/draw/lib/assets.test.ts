import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPRITE, TEAR_FRAMES } from './tear';

// The generated assets (apps/web/scripts/generate-draw-assets.mjs) as committed in public/draw.
const dir = path.resolve(import.meta.dirname, '../../../../public/draw');
const read = (name: string) => fs.readFileSync(path.join(dir, name));

function wavInfo(buffer: Buffer) {
  expect(buffer.toString('ascii', 0, 4)).toBe('RIFF');
  expect(buffer.toString('ascii', 8, 12)).toBe('WAVE');
  const rate = buffer.readUInt32LE(24);
  const bytesPerSecond = buffer.readUInt32LE(28);
  const dataBytes = buffer.readUInt32LE(40);
  return { rate, seconds: dataBytes / bytesPerSecond, channels: buffer.readUInt16LE(22) };
}

describe('generated draw assets', () => {
  it('the sprite sheet has 72 frames laid out as tear.ts expects', () => {
    const svg = read('ticket-sprite.svg').toString();
    expect(svg).toContain(`data-frames="${TEAR_FRAMES}"`);
    expect(svg.match(/<g transform="translate\(\d+ \d+\)"><svg /g)).toHaveLength(TEAR_FRAMES);
    expect(svg).toContain(`width="${SPRITE.frameWidth * SPRITE.columns}"`);
    expect(svg).toContain(`width="${SPRITE.frameWidth}" height="${SPRITE.frameHeight}"`);
  });

  it('has a ticket back per rank tier, the box, the tear effect, and they are small', () => {
    for (const name of [
      'ticket-back-gold.svg',
      'ticket-back-silver.svg',
      'ticket-back-bronze.svg',
      'ticket-back-last.svg',
      'box.svg',
      'tear-effect.svg',
    ]) {
      expect(read(name).toString()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const total = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
    expect(total).toBeLessThan(400_000);
  });

  it('the voice is a short mono clip and the music a loop of several seconds', () => {
    const voice = wavInfo(read('moe-moe-kyun.wav'));
    expect(voice.channels).toBe(1);
    expect(voice.seconds).toBeGreaterThan(0.8);
    expect(voice.seconds).toBeLessThan(2);
    const music = wavInfo(read('background-music.wav'));
    expect(music.seconds).toBeGreaterThan(5);
    expect(music.seconds).toBeLessThan(20);
  });
});
