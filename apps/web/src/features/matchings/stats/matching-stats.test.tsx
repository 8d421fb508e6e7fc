import { MATCHING_STATUSES, toWire } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../../test/mock-server';
import { signedInAs, withLookups } from '../../../test/records';
import { renderApp, signIn } from '../../../test/render-app';

let server: MockServer;

const counts: Record<string, number> = { proposed: 2, interview: 1, contracted: 1, working: 3, cancelled: 3 };
const stats = {
  asOf: '2024-06-01T00:00:00.000Z',
  byStatus: MATCHING_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 })),
  monthly: [
    { month: '2024-04', created: 4, contracted: 1 },
    { month: '2024-05', created: 6, contracted: 3 },
  ],
  conversion: { proposed: 10, contracted: 4, rate: 0.4 },
  avgDaysToContract: 12.5,
  byNationality: [
    { key: 'VN', label: '베트남', count: 7, contracted: 3 },
    { key: 'PH', label: '필리핀', count: 3, contracted: 1 },
  ],
  byIndustry: [{ key: 'manufacturing', label: '제조업', count: 10, contracted: 4 }],
  byVisaType: [{ key: 'E-9', label: 'E-9 비전문취업', count: 9, contracted: 4 }],
  byBranch: [{ key: '1', label: '서울 본점', count: 10, contracted: 4 }],
};

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'matchings/stats', { status: 200, body: toWire(stats) });
});

const kpi = (title: string) =>
  within(
    screen
      .getAllByText(title)
      .find((element) => element.classList.contains('ant-statistic-title'))
      ?.closest('.ant-card') as HTMLElement,
  );
const table = (name: string) => within(screen.getByRole('table', { name: `${name} 표` }));
const row = (name: string, first: string) =>
  within(table(name).getByText(first).closest('tr') as HTMLElement);

describe('matching statistics', () => {
  it('asks for the range and branch in the URL and shows the numbers in tables', async () => {
    renderApp('/matchings/stats?from=2024-04-01&to=2024-05-31&branch_id=1', server);

    await screen.findByRole('table', { name: '월별 추이 표' });
    expect(server.callsTo('GET', 'matchings/stats').at(-1)?.params).toEqual({
      from: '2024-04-01',
      to: '2024-05-31',
      branch_id: 1,
    });
    expect(kpi('전체 매칭').getByText('10건')).toBeTruthy();
    expect(kpi('계약 완료').getByText('4건')).toBeTruthy();
    expect(kpi('계약 전환율').getByText('40%')).toBeTruthy();
    expect(kpi('평균 계약 소요일').getByText('12.5일')).toBeTruthy();

    expect(
      row('월별 추이', '2024.05')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2024.05', '6', '3']);
    expect(
      row('상태별 현황', '근무 중')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['근무 중', '3', '30%']);
    expect(
      row('국적별', '베트남')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['베트남', '7', '3', '42.9%']);
    expect(row('업종별', '제조업').getByText('40%')).toBeTruthy();
    expect(row('체류자격별', 'E-9 비전문취업').getByText('9')).toBeTruthy();
    expect(row('지점별', '서울 본점').getByText('10')).toBeTruthy();
  });

  it('defaults to the last 12 months', async () => {
    renderApp('/matchings/stats', server);
    await waitFor(() => expect(server.callsTo('GET', 'matchings/stats')).toHaveLength(1));
    const params = server.callsTo('GET', 'matchings/stats')[0]?.params as { from: string; to: string };
    expect(params.from).toMatch(/^\d{4}-\d{2}-01$/);
    const months =
      (Number(params.to.slice(0, 4)) - Number(params.from.slice(0, 4))) * 12 +
      Number(params.to.slice(5, 7)) -
      Number(params.from.slice(5, 7));
    expect(months).toBe(11);
  });
});
