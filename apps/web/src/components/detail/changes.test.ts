import { FIELD_LABELS } from '@ilson/contracts';
import { describe, expect, it } from 'vitest';
import { changeLabel, changeValue, readChanges } from './changes';

describe('readChanges', () => {
  it('reads the server diff, field by field', () => {
    expect(readChanges({ ceoName: { before: '김철수', after: '홍길동' } })).toEqual([
      { field: 'ceoName', before: '김철수', after: '홍길동' },
    ]);
  });

  it('reads before/after snapshots, keeping only what changed', () => {
    expect(readChanges({ before: { a: 1, b: 2 }, after: { a: 1, b: 3, c: 4 } })).toEqual([
      { field: 'b', before: 2, after: 3 },
      { field: 'c', before: undefined, after: 4 },
    ]);
  });

  it('reads pairs and from/to, and nothing from nothing', () => {
    expect(readChanges({ status: ['pending', 'approved'], phone: { from: '1', to: '2' } })).toEqual([
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'phone', before: '1', after: '2' },
    ]);
    expect(readChanges(null)).toEqual([]);
  });
});

describe('changeLabel', () => {
  it("takes the screen's own label, then the shared Korean one, never the key of a named field", () => {
    expect(changeLabel('companyName', { companyName: '상호(회사명)' })).toBe('상호(회사명)');
    expect(changeLabel('companyName')).toBe(FIELD_LABELS.companyName);
    expect(changeLabel('sessionTimeoutMinutes')).toBe('자동 로그아웃 시간');
    expect(changeLabel('session_timeout_minutes')).toBe('자동 로그아웃 시간');
    expect(changeLabel('deletedAt')).toBe('삭제일시');
    expect(changeLabel('alienRegNoMasked')).toBe('외국인등록번호');
  });
});

describe('changeValue', () => {
  it('shows an enum by its Korean label, status by the record type', () => {
    expect(changeValue('approved', 'status', 'employer')).toBe('승인');
    expect(changeValue('cancelled', 'status', 'matching')).toBe('취소');
    expect(changeValue('paid', 'status', 'payout')).toBe('지급 완료');
    expect(changeValue('wage', 'type', 'payout')).toBe('임금 지급 대행');
    expect(changeValue('E-9', 'visaType', 'worker')).toBe('E-9 비전문취업');
    expect(changeValue(['mon', 'tue'], 'workDays', 'job_post')).toBe('월, 화');
    expect(changeValue('branch_manager', 'role', 'admin')).toBe('지점 관리자');
    expect(changeValue('VN', 'nationality', 'worker')).toBe('베트남');
    expect(changeValue('alienRegNo', 'field', 'worker')).toBe('외국인등록번호');
  });

  it('shows 예/아니요, moments in Korean time, dates as they are, amounts with separators, ids as #n', () => {
    expect(changeValue(true, 'exportReasonRequired', 'settings')).toBe('예');
    expect(changeValue(false, 'isPinned', 'notice')).toBe('아니요');
    expect(changeValue('2025-03-01T14:59:59.000Z', 'paidAt', 'payout')).toBe('2025-03-01 23:59');
    expect(changeValue('2025-03-02', 'scheduledDate', 'payout')).toBe('2025-03-02');
    expect(changeValue(2_300_000, 'amount', 'payout')).toBe('2,300,000');
    expect(changeValue(3, 'branchId', 'worker')).toBe('#3');
    expect(changeValue([4, 5], 'ids', 'worker')).toBe('#4, #5');
  });

  it('shows nested values as label: value and nothing as a dash', () => {
    expect(changeValue({ nationality: 'VN', status: 'seeking' }, 'filters', 'worker')).toBe(
      '국적: 베트남, 상태: 구직 중',
    );
    expect(changeValue({ 2025: 10_030, 2026: 10_320 }, 'minimumWageByYear', 'settings')).toBe(
      '2025: 10,030, 2026: 10,320',
    );
    expect(changeValue([30, 60], 'visaAlertDays', 'settings')).toBe('30, 60');
    for (const nothing of [null, undefined, '', []]) expect(changeValue(nothing, 'memo')).toBe('-');
  });
});
