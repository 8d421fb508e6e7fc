/** As-you-type formatting of Korean identifiers; the contracts' schemas strip the dashes again. */

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** `1248100998` → `124-81-00998`, growing as the user types. */
export function typeBusinessRegNo(value: string): string {
  const d = digits(value, 10);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** Mobile, Seoul 02, area codes, 070 and 15xx/16xx/18xx numbers, dashed as typed. */
export function typePhone(value: string): string {
  const all = value.replace(/\D/g, '');
  if (/^1[568]/.test(all)) {
    const d = all.slice(0, 8);
    return d.length > 4 ? `${d.slice(0, 4)}-${d.slice(4)}` : d;
  }
  const area = all.startsWith('02') ? 2 : 3;
  const d = all.slice(0, area === 2 ? 10 : 11);
  if (d.length <= area) return d;
  const rest = d.slice(area);
  if (rest.length <= 4) return `${d.slice(0, area)}-${rest}`;
  const middle = rest.length <= 7 ? 3 : 4;
  return `${d.slice(0, area)}-${rest.slice(0, middle)}-${rest.slice(middle)}`;
}

/** `9001015123456` → `900101-5123456`. */
export function typeAlienRegNo(value: string): string {
  const d = digits(value, 13);
  return d.length <= 6 ? d : `${d.slice(0, 6)}-${d.slice(6)}`;
}

export function typePostalCode(value: string): string {
  return digits(value, 5);
}

/** Passport numbers are upper-case letters and digits. */
export function typePassportNo(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
}

/** An amount of won in an InputNumber: thousands separators as typed, digits back. */
export const formatWon = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const parseWon = (value: string | undefined) => Number((value ?? '').replace(/\D/g, '')) || 0;
