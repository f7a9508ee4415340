import { countries as countryData } from 'countries-list';

/** One row of the country reference table (name, native name, phone codes, continent, capital, currencies, languages). */
export interface CountryRow {
  code: string;
  name: string;
  native: string;
  phone: number[];
  continent: string;
  capital: string;
  currency: string[];
  languages: string[];
}

// One collator for the whole sort: `localeCompare` builds one per comparison, which made this
// module's evaluation a long task in the browser (docs/performance.md).
const byName = new Intl.Collator().compare;

/** Every country, from the maintained `countries-list` package, sorted by name. */
export const COUNTRIES: readonly CountryRow[] = Object.entries(countryData)
  .map(([code, c]) => ({
    code,
    name: c.name,
    native: c.native,
    phone: [...c.phone],
    continent: c.continent,
    capital: c.capital,
    currency: [...c.currency],
    languages: [...c.languages],
  }))
  .sort((a, b) => byName(a.name, b.name));

export const DEFAULT_COUNTRY_CODE = 'SG';
/** The shop ships to Singapore only. */
export const SHIPPABLE_COUNTRY_CODES: readonly string[] = ['SG'];
export const NOT_SHIPPABLE_MESSAGE = 'We only ship to Singapore.';
export const UNKNOWN_COUNTRY_MESSAGE = 'Please choose a country from the list.';

const codes = new Set(COUNTRIES.map((c) => c.code));
export const isKnownCountryCode = (code: string): boolean => codes.has(code.toUpperCase());
export const isShippableCountry = (code: string): boolean => SHIPPABLE_COUNTRY_CODES.includes(code.toUpperCase());
export const countryName = (code: string): string | undefined =>
  COUNTRIES.find((c) => c.code === code.toUpperCase())?.name;

/** The countries the shop's forms offer: the shippable ones (Singapore), the field kept for the payload. */
export const SHIPPABLE_COUNTRIES: readonly CountryRow[] = COUNTRIES.filter((c) => isShippableCountry(c.code));

/** The choices of a country select: the shippable countries, plus a stored other country so it still shows. */
export function countryChoices(current: string): readonly CountryRow[] {
  const stored = isShippableCountry(current) ? undefined : COUNTRIES.find((c) => c.code === current.toUpperCase());
  return stored ? [...SHIPPABLE_COUNTRIES, stored] : SHIPPABLE_COUNTRIES;
}
