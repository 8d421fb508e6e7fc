import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisLabel, inForceOn, type LegalBasis, rowsInForce } from './basis';
import { LAW_TABLES } from './tables';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('a legal basis', () => {
  const basis: LegalBasis = {
    law: '외국인근로자의 고용 등에 관한 법률',
    article: '제18조',
    effectiveFrom: '2012-08-02',
    effectiveTo: '2030-01-01',
  };

  it('applies from its 시행일 up to the day before its end', () => {
    expect(inForceOn(basis, '2012-08-01')).toBe(false);
    expect(inForceOn(basis, '2012-08-02')).toBe(true);
    expect(inForceOn(basis, '2029-12-31')).toBe(true);
    expect(inForceOn(basis, '2030-01-01')).toBe(false);
  });

  it('with an unconfirmed 시행일 applies on every day before its end', () => {
    fc.assert(
      fc.property(day, (date) => {
        expect(inForceOn({ ...basis, effectiveFrom: null, effectiveTo: null }, date)).toBe(true);
      }),
    );
  });

  it('of consecutive rows, exactly one is in force on any day after the first 시행일', () => {
    const rows = [
      { value: 1, basis: { ...basis, effectiveFrom: '2020-01-01', effectiveTo: '2025-01-01' } },
      { value: 2, basis: { ...basis, effectiveFrom: '2025-01-01', effectiveTo: null } },
    ];
    fc.assert(
      fc.property(day, (date) => {
        const inForce = rowsInForce(rows, date);
        expect(inForce.length).toBe(date < '2020-01-01' ? 0 : 1);
        if (inForce[0]) expect(inForce[0].value).toBe(date < '2025-01-01' ? 1 : 2);
      }),
    );
  });

  it('reads as one line of Korean with the short name of the law', () => {
    expect(basisLabel(basis)).toBe('외국인고용법 제18조 · 시행 2012-08-02 · 2030-01-01 폐지');
    expect(
      basisLabel({
        law: '최저임금법',
        article: '제10조',
        notice: '고용노동부 고시 제2025-45호',
        effectiveFrom: null,
      }),
    ).toBe('최저임금법 제10조 · 고용노동부 고시 제2025-45호 · 시행일 미확인');
  });
});

describe('every law table', () => {
  it('has distinct keys and a Korean title', () => {
    const keys = LAW_TABLES.map((table) => table.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const table of LAW_TABLES) expect(table.title).toMatch(/[가-힣]/);
  });

  it('rows name their law, article and 시행일, or say what is unconfirmed', () => {
    for (const table of LAW_TABLES) {
      for (const { basis } of table.rows) {
        const where = `${table.key}: ${basis.law} ${basis.article}`;
        expect(basis.law.trim(), where).not.toBe('');
        expect(basis.article.trim(), where).not.toBe('');
        if (basis.effectiveFrom === null) expect(basis.verify?.trim() ?? '', where).not.toBe('');
        else expect(basis.effectiveFrom, where).toMatch(isoDate);
        if (basis.effectiveTo) {
          expect(basis.effectiveTo, where).toMatch(isoDate);
          if (basis.effectiveFrom) expect(basis.effectiveTo > basis.effectiveFrom, where).toBe(true);
        }
        if (basis.verify !== undefined) expect(basis.verify, where).toMatch(/[가-힣]/);
      }
    }
  });
});
