import { describe, expect, it } from 'vitest';
import { isAcceptableEmail, isMixedScript, normaliseEmail, unsafeCharacterIn } from './text.ts';

describe('what a text field may hold (docs/rules/security.md)', () => {
  it('mixed scripts: Latin with Cyrillic or Greek is refused, one script or the CJK mixes are fine', () => {
    for (const mixed of ['d\u0435mo', 'kujiy\u0430.sg', 'p\u03b1ypal', 'a\u{10300}'])
      expect(isMixedScript(mixed), mixed).toBe(true);
    for (const single of [
      'demo.1@kujiya.sg',
      'дмитрий@почта.рф',
      '田中たなかタナカ@example.jp',
      '王@例子.cn',
      '김@example.kr',
      'café',
    ])
      expect(isMixedScript(single), single).toBe(false);
  });

  it('control and format characters', () => {
    expect(unsafeCharacterIn('a\u0000b')).toBe('control');
    expect(unsafeCharacterIn('a\tb')).toBeNull();
    expect(unsafeCharacterIn('a\tb', true)).toBe('control');
    for (const format of ['\u202e', '\u2066', '\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u200e'])
      expect(unsafeCharacterIn(`a${format}b`), format).toBe('format');
    expect(unsafeCharacterIn('Sale 50% 🎉')).toBeNull();
  });

  it('e-mail addresses: normalised, then refused when unsafe', () => {
    expect(normaliseEmail(' \uff24EMO@Kujiya.SG ')).toBe('demo@kujiya.sg');
    expect(isAcceptableEmail('demo@kujiya.sg')).toBe(true);
    for (const bad of [
      'd\u0435mo@kujiya.sg',
      'demo@kujiy\u0430.sg',
      'demo\u200b@kujiya.sg',
      '\u202edemo@kujiya.sg',
      'de\tmo@kujiya.sg',
      'demo@kujiya',
      `${'a'.repeat(250)}@b.co`,
    ])
      expect(isAcceptableEmail(normaliseEmail(bad)), bad).toBe(false);
  });
});
