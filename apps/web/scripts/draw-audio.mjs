// The draw page's sounds, synthesised sample by sample into WAV files (no recordings, no downloads).

/** A mono PCM WAV file of samples in [-1, 1]; 8 or 16 bits per sample. */
export function wav(samples, sampleRate, bits = 16) {
  const bytesPerSample = bits / 8;
  const data = Buffer.alloc(samples.length * bytesPerSample);
  samples.forEach((s, i) => {
    const v = Math.max(-1, Math.min(1, s));
    if (bits === 16) data.writeInt16LE(Math.round(v * 32767), i * 2);
    else data.writeUInt8(Math.round(v * 127 + 128), i);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * bytesPerSample, 28);
  header.writeUInt16LE(bytesPerSample, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A deterministic noise source (the files must come out the same on every run). */
function noise(seed = 1) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x / 0x3fffffff - 1;
  };
}

/** A two-pole resonator (one formant) run over a signal. */
function resonator(freq, bandwidth, rate) {
  const r = Math.exp((-Math.PI * bandwidth) / rate);
  const a1 = 2 * r * Math.cos((2 * Math.PI * freq) / rate);
  const a2 = -r * r;
  const gain = 1 - r;
  let y1 = 0;
  let y2 = 0;
  return {
    step(x, f = freq) {
      const c1 = f === freq ? a1 : 2 * r * Math.cos((2 * Math.PI * f) / rate);
      const y = gain * x + c1 * y1 + a2 * y2;
      y2 = y1;
      y1 = y;
      return y;
    },
  };
}

// Formants (Hz) of the sounds in "mo e mo e kyu n", sung high and bright like an anime maid.
const PHONES = {
  m: { f: [280, 1100, 2400], amp: 0.35 },
  o: { f: [520, 900, 2700], amp: 1 },
  e: { f: [480, 2100, 2900], amp: 1 },
  y: { f: [320, 2500, 3100], amp: 0.7 },
  u: { f: [360, 1300, 2500], amp: 0.95 },
  n: { f: [260, 1500, 2600], amp: 0.35 },
};

/**
 * "Moe Moe Kyun!": a glottal pulse train through three formant resonators that glide between phones,
 * with a noise burst for the k and a rising, bouncy pitch.
 */
export function moeMoeKyun(rate = 22050) {
  // [phone, seconds, pitch Hz at start, pitch at end]
  const script = [
    ['m', 0.07, 420, 440],
    ['o', 0.12, 440, 470],
    ['e', 0.14, 480, 430],
    ['_', 0.05, 0, 0],
    ['m', 0.07, 440, 460],
    ['o', 0.12, 470, 500],
    ['e', 0.14, 510, 460],
    ['_', 0.07, 0, 0],
    ['k', 0.04, 0, 0],
    ['y', 0.06, 520, 560],
    ['u', 0.2, 580, 720],
    ['n', 0.16, 700, 620],
    ['_', 0.06, 0, 0],
  ];
  const rnd = noise(7);
  const out = [];
  const res = [resonator(500, 80, rate), resonator(1500, 110, rate), resonator(2700, 160, rate)];
  let phase = 0;
  let current = PHONES.m.f.slice();
  let amp = 0;
  for (const [phone, seconds, p0, p1] of script) {
    const n = Math.round(seconds * rate);
    const target = PHONES[phone];
    for (let i = 0; i < n; i++) {
      const t = i / n;
      let x = 0;
      if (target) {
        // Glide the formants toward the phone (coarticulation) and shape the loudness.
        for (let k = 0; k < 3; k++) current[k] += (target.f[k] - current[k]) * 0.004;
        amp += (target.amp - amp) * 0.01;
        const pitch = (p0 + (p1 - p0) * t) * (1 + 0.02 * Math.sin(2 * Math.PI * 6 * (out.length / rate)));
        phase += pitch / rate;
        if (phase >= 1) phase -= 1;
        // A soft glottal pulse: a falling saw, plus a little breath.
        x = (1 - 2 * phase) * amp + rnd() * 0.04 * amp;
      } else if (phone === 'k') {
        x = rnd() * 0.6 * Math.sin(Math.PI * t);
        amp = 0.2;
      } else {
        amp *= 0.995;
      }
      let y = 0;
      for (let k = 0; k < 3; k++) y += res[k].step(x, current[k]) * [1, 0.6, 0.3][k];
      out.push(phone === 'k' ? x * 0.5 + y : y);
    }
  }
  // Normalise to -3 dBFS with short fades.
  const peak = Math.max(...out.map(Math.abs)) || 1;
  const fade = Math.round(0.01 * rate);
  return out.map((s, i) => (s / peak) * 0.7 * Math.min(1, i / fade, (out.length - 1 - i) / fade));
}

const NOTE = (semitonesFromA4) => 440 * 2 ** (semitonesFromA4 / 12);
// A bright pentatonic tune in C major, 8 bars of eighth notes at 132 bpm; null is a rest.
const MELODY = [
  3,
  7,
  10,
  7,
  12,
  10,
  7,
  null,
  5,
  7,
  5,
  3,
  0,
  3,
  5,
  null,
  3,
  7,
  10,
  12,
  15,
  12,
  10,
  null,
  12,
  10,
  7,
  5,
  7,
  null,
  3,
  null,
  3,
  7,
  10,
  7,
  12,
  10,
  7,
  null,
  5,
  7,
  10,
  12,
  10,
  7,
  5,
  null,
  7,
  10,
  12,
  15,
  12,
  10,
  7,
  5,
  3,
  5,
  7,
  5,
  3,
  null,
  null,
  null,
];
const BASS = [-21, -21, -14, -14, -16, -16, -21, -21]; // C, C, G, G, F, F... one root per bar (A4-relative)

/** A seamless chiptune loop: square-wave melody, triangle bass, a soft hi-hat. */
export function backgroundLoop(rate = 11025) {
  const eighth = 60 / 132 / 2;
  const total = Math.round(MELODY.length * eighth * rate);
  const rnd = noise(3);
  const out = new Float64Array(total);
  MELODY.forEach((note, index) => {
    const start = Math.round(index * eighth * rate);
    const length = Math.round(eighth * rate);
    if (note !== null) {
      const f = NOTE(note);
      for (let i = 0; i < length; i++) {
        const env = Math.min(1, i / 40) * Math.exp(-i / (rate * 0.18));
        const square = ((i * f) / rate) % 1 < 0.5 ? 1 : -1;
        out[start + i] += square * 0.22 * env;
      }
    }
    // Hi-hat on every off-beat eighth.
    if (index % 2 === 1)
      for (let i = 0; i < 300 && start + i < total; i++) out[start + i] += rnd() * 0.06 * Math.exp(-i / 60);
  });
  const bar = 8 * eighth;
  for (let b = 0; b < BASS.length; b++) {
    const f = NOTE(BASS[b]);
    const start = Math.round(b * bar * rate);
    const length = Math.round(bar * rate);
    for (let i = 0; i < length && start + i < total; i++) {
      const p = ((i * f) / rate) % 1;
      const triangle = 4 * Math.abs(p - 0.5) - 1;
      const pulse = Math.exp(-((i / rate) % (bar / 4)) / 0.25); // restruck each beat
      out[start + i] += triangle * 0.25 * pulse;
    }
  }
  return Array.from(out, (s) => Math.tanh(s * 1.2));
}
