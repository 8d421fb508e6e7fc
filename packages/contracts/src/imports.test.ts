import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnstorableText } from './imports';

/** No surrogate without its pair: encodeURIComponent throws on one (URIError), as String.isWellFormed would say. */
function wellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

describe('hasUnstorableText (docs/imports.md#the-dry-run-the-same-rules-as-the-api)', () => {
  it('is true exactly for a NUL or a surrogate without its pair, whatever surrounds them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        expect(hasUnstorableText(value)).toBe(value.includes('\u0000') || !wellFormed(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('passes Korean, emoji (a surrogate pair) and the other control characters PostgreSQL stores', () => {
    for (const ok of ['응우옌 반 안', 'NGUYEN 😀', 'tab\there', '\u0001\u001f'])
      expect(hasUnstorableText(ok)).toBe(false);
    for (const bad of ['A\u0000', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF\uDC00'])
      expect(hasUnstorableText(bad)).toBe(true);
  });
});
