import countries from 'i18n-iso-countries';

/** The 17 EPS (고용허가제) sending countries, listed first in every nationality select (docs/DOMAIN.md). */
export const EPS_COUNTRIES = [
  'PH',
  'MN',
  'LK',
  'VN',
  'TH',
  'UZ',
  'PK',
  'ID',
  'KH',
  'CN',
  'BD',
  'KG',
  'NP',
  'MM',
  'TL',
  'LA',
  'TJ',
] as const;
/** Then these, frequent among H-2 and F-4 holders. */
export const FREQUENT_COUNTRIES = ['KZ', 'UA', 'TM', 'RU'] as const;

const koreanNames = new Intl.DisplayNames(['ko'], { type: 'region', fallback: 'code' });

export function nationalityLabel(code: string): string {
  return koreanNames.of(code) ?? code;
}

const first: readonly string[] = [...EPS_COUNTRIES, ...FREQUENT_COUNTRIES];
const rest = Object.keys(countries.getAlpha2Codes())
  .filter((code) => !first.includes(code))
  .sort((a, b) => nationalityLabel(a).localeCompare(nationalityLabel(b), 'ko'));

/** Every ISO 3166-1 alpha-2 code: EPS countries, then KZ UA TM RU, then the rest by Korean name. */
export const NATIONALITY_CODES: readonly string[] = [...first, ...rest];

export function isNationalityCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2 && code === code.toUpperCase();
}
