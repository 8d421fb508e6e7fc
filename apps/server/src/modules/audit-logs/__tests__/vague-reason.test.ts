import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVagueExportReason, VAGUE_REASONS } from '../access-review';

/** The download-reason judge behind the 불명확한 다운로드 사유 finding (docs/privacy-lifecycle.md#access-review). */

const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCharCode(code));
const spaces = fc.constantFrom('', ' ', '  ', '\t', '\u3000');
/** Sprinkles whitespace between the characters and changes the case of Latin letters. */
const disguise = (text: string) =>
  fc
    .tuple(fc.array(spaces, { minLength: text.length + 1, maxLength: text.length + 1 }), fc.boolean())
    .map(([gaps, upper]) => {
      const cased = upper ? text.toUpperCase() : text;
      return [...cased].map((ch, i) => gaps[i] + ch).join('') + gaps[text.length];
    });

describe('isVagueExportReason', () => {
  it('calls every stock word vague, however it is spaced or cased', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VAGUE_REASONS).chain(disguise), (reason) => isVagueExportReason(reason)),
    );
  });

  it('calls blanks, repeats, bare jamo and bare digits or punctuation vague', () => {
    const jamo = fc.integer({ min: 0x3131, max: 0x318e }).map((code) => String.fromCharCode(code));
    const mark = fc.constantFrom(...'0123456789.,-_!?/*#'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(null),
          spaces,
          fc.tuple(syllable, fc.integer({ min: 1, max: 12 })).map(([ch, n]) => ch.repeat(n)),
          fc.array(jamo, { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
          fc.array(mark, { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
          fc.array(syllable, { minLength: 1, maxLength: 3 }).map((a) => a.join('')),
        ),
        (reason) => isVagueExportReason(reason),
      ),
    );
  });

  it('accepts a sentence of four or more syllables that is not a stock word, and spacing does not change it', () => {
    fc.assert(
      fc.property(
        fc.array(syllable, { minLength: 4, maxLength: 30 }).map((a) => a.join('')),
        (text) => {
          fc.pre(new Set(text).size > 1 && !VAGUE_REASONS.has(text));
          expect(isVagueExportReason(text)).toBe(false);
          expect(isVagueExportReason(` ${text.slice(0, 2)} ${text.slice(2)}  `)).toBe(false);
        },
      ),
    );
    expect(isVagueExportReason('6월 급여 정산 대사용 명단')).toBe(false);
  });
});
