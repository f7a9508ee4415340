/**
 * What a text field may hold (docs/rules/security.md, "Input hardening"): the one place the shop says
 * which characters are control, format or mixed-script. The server's input hook, the e-mail rule and
 * the web's forms all use these.
 */

/**
 * Control characters no text field of the shop needs: C0 (NUL included) except tab, line feed and
 * carriage return, DEL, and C1. PostgreSQL refuses NUL in text, so letting one through is a 500.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** In ids, names in paths, query values and e-mail addresses even tab and line breaks are refused. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS_STRICT = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Format characters (Unicode general category Cf): they draw nothing but change what is around them.
 * The text-direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) turn a text around, the
 * zero-width space, joiners and word joiner (U+200B–U+200D, U+2060), the byte-order mark and the soft
 * hyphen make two different texts look the same.
 */
export const FORMAT_CHARACTERS = /\p{Cf}/u;

/**
 * Unicode's Recommended scripts for identifiers (UAX #31, table 4). A letter of any other script
 * (historic, limited use) has no place in an e-mail address a shop mails codes to.
 */
const RECOMMENDED_SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number];
const SCRIPT_PATTERNS = RECOMMENDED_SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const,
);
/** Digits, punctuation, symbols and combining marks belong to every script. */
const ANY_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * The scripts TR39's "highly restrictive" level lets one identifier mix: Latin with the scripts
 * written beside it in Japanese, Chinese and Korean text. Any other mix (Latin with Cyrillic or
 * Greek, ...) is how look-alikes are made.
 */
const ALLOWED_MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/**
 * Whether `value` mixes scripts as TR39's highly restrictive level forbids (e.g. a Cyrillic `е` among
 * Latin letters), or holds a letter outside the recommended scripts. Common characters (digits, `@`,
 * `.`) and combining marks go with any script.
 */
export function isMixedScript(value: string): boolean {
  const scripts = new Set<Script>();
  for (const char of value) {
    if (ANY_SCRIPT.test(char)) continue;
    const script = SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0];
    if (!script) return true;
    scripts.add(script);
  }
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)));
}

/** The first kind of unsafe character in `value` (control, format), or null. */
export function unsafeCharacterIn(value: string, strict = false): 'control' | 'format' | null {
  if ((strict ? CONTROL_CHARACTERS_STRICT : CONTROL_CHARACTERS).test(value)) return 'control';
  if (FORMAT_CHARACTERS.test(value)) return 'format';
  return null;
}

/** A simple address shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address as the shop keeps and compares it: NFKC (full-width and compatibility forms
 * become their plain letters), trimmed, lower-case.
 */
export const normaliseEmail = (value: string) => value.normalize('NFKC').trim().toLowerCase();

/**
 * The one e-mail rule: the normalised address has the simple shape, at most 254 characters, and no
 * control, format or mixed-script characters. Every place an address is taken uses it.
 */
export function isAcceptableEmail(normalised: string): boolean {
  return (
    normalised.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(normalised) &&
    unsafeCharacterIn(normalised, true) === null &&
    !isMixedScript(normalised)
  );
}
