import { type Dashboard, MATCHING_STATUSES, toWire } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, signedInAs } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const counts: Record<string, number> = { proposed: 3, interview: 1, contracted: 1, cancelled: 1 };
const dashboard: Dashboard = {
  today: '2026-05-20',
  asOf: '2026-05-20T01:02:03.000Z',
  employers: { pending: 6 },
  jobPosts: { pending: 3 },
  visas: { windowDays: 30, bucket: 'd30', expiring: 4, overdue: 2 },
  matchings: {
    month: { from: '2026-05-01', to: '2026-05-31' },
    total: 6,
    byStatus: MATCHING_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 })),
  },
  payouts: { pending: 3, amount: 1_550_000, vat: 55_000, total: 1_605_000 },
  reviews: { awaiting: 7, reported: 6 },
  monthly: Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(2025, 5 + i, 1)).toISOString().slice(0, 7);
    return { month, created: i, contracted: 0 };
  }),
  byNationality: [
    { nationality: 'VN', count: 6 },
    { nationality: 'PH', count: 3 },
  ],
  queues: {
    pendingEmployers: [
      { id: 41, companyName: '(주)부산해운', branchName: '부산지점', createdAt: '2026-04-30T03:00:00.000Z' },
    ],
    expiringVisas: [
      {
        id: 77,
        name: '응우옌 반 안',
        nationality: 'VN',
        visaType: 'E-9',
        visaExpiryDate: '2026-05-22',
        daysLeft: 2,
        branchName: '안산지점',
      },
    ],
    reportedReviews: [
      {
        id: 90,
        employerName: '(주)안산정밀',
        workerName: '산토스 마리아',
        reviewerType: 'worker',
        rating: 1,
        reportCount: 7,
        status: 'published',
        excerpt: '욕설이 포함된 리뷰입니다',
        createdAt: '2026-05-18T01:00:00.000Z',
      },
    ],
  },
};

// The page and recharts compile on first import: once, before the tests look for what they render.
beforeAll(() => import('../../app/routes/dashboard-page'), 30_000);

beforeEach(() => {
  server = createMockServer();
  signIn();
  signedInAs(server, 'admin');
});

/** The first look at a rendered page: generous, since the whole app renders under a busy test runner. */
const firstRender = { timeout: 15_000 };
const kpis = () => within(screen.getByRole('region', { name: '주요 지표' }));
const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('dashboard', () => {
  it('shows every KPI as a link to the filtered list behind it', async () => {
    server.on('GET', 'dashboard', { status: 200, body: toWire(dashboard) });
    const view = renderApp('/dashboard', server);

    const employers = await screen.findByRole('link', { name: '승인 대기 사업주 6곳' }, firstRender);
    expect(hrefOf(employers)).toBe('/employers?status=pending');
    // The time the server computed the figures (01:02 UTC), in Seoul.
    expect(screen.getByText('10:02 기준')).toBeTruthy();
    expect(kpis().getByText('가장 오래된 요청 20일째')).toBeTruthy();
    expect(hrefOf(kpis().getByRole('link', { name: '승인 대기 채용공고 3건' }))).toBe(
      '/job-posts?status=pending',
    );
    expect(hrefOf(kpis().getByRole('link', { name: '비자 만료 임박 (D-30) 4명' }))).toBe(
      '/workers/visa-expiry?bucket=d30',
    );
    expect(hrefOf(kpis().getByRole('link', { name: '만료 경과 2명' }))).toBe(
      '/workers/visa-expiry?bucket=overdue',
    );
    expect(hrefOf(kpis().getByRole('link', { name: '이번 달 매칭 6건' }))).toBe(
      '/matchings?created_from=2026-05-01&created_to=2026-05-31',
    );
    expect(hrefOf(kpis().getByRole('link', { name: '제안 3' }))).toBe(
      '/matchings?created_from=2026-05-01&created_to=2026-05-31&status=proposed',
    );
    expect(kpis().getByRole('link', { name: '계약 완료 1' })).toBeTruthy();
    // Statuses with none this month are left out.
    expect(kpis().queryByRole('link', { name: /근무 중/ })).toBeNull();
    const payouts = kpis().getByRole('link', { name: '정산 대기 금액 1,605,000원' });
    expect(hrefOf(payouts)).toBe('/payouts?status=pending');
    expect(within(payouts).getByText('1,605,000')).toBeTruthy();
    expect(kpis().getByText('3건 (부가세 포함)')).toBeTruthy();
    expect(hrefOf(kpis().getByRole('link', { name: '리뷰 검수 대기 7건' }))).toBe('/reviews/moderation');
    expect(kpis().getByText('신고 접수 6건')).toBeTruthy();
    expect(server.callsTo('GET', 'dashboard')).toHaveLength(1);

    await userEvent.setup({ delay: null }).click(employers);
    await waitFor(() => expect(view.location()).toBe('/employers?status=pending'));
  });

  it('lists the to-do queues with links to the records, and the charts', async () => {
    server.on('GET', 'dashboard', { status: 200, body: toWire(dashboard) });
    renderApp('/dashboard', server);

    const employers = within(
      await screen.findByRole('list', { name: '오래된 승인 대기 사업주' }, firstRender),
    );
    expect(hrefOf(employers.getByRole('link', { name: '(주)부산해운' }))).toBe('/employers/41');
    expect(employers.getByText('부산지점 · 2026-04-30')).toBeTruthy();
    expect(employers.getByText('20일째 대기')).toBeTruthy();

    const visas = within(screen.getByRole('list', { name: '비자 만료 임박 근로자' }));
    expect(hrefOf(visas.getByRole('link', { name: '응우옌 반 안' }))).toBe('/workers/77');
    expect(visas.getByText('D-2')).toBeTruthy();
    expect(visas.getByText('베트남 · E-9 · 2026-05-22 만료')).toBeTruthy();

    const reviews = within(screen.getByRole('list', { name: '신고된 리뷰' }));
    expect(hrefOf(reviews.getByRole('link', { name: '욕설이 포함된 리뷰입니다' }))).toBe('/reviews/90');
    expect(reviews.getByText('(주)안산정밀 · 산토스 마리아')).toBeTruthy();
    expect(reviews.getByText('신고 7')).toBeTruthy();
    expect(reviews.getByText('게시')).toBeTruthy();

    expect(screen.getByRole('figure', { name: '월별 매칭 추이 차트' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '국적별 근로자 차트' })).toBeTruthy();
    expect(screen.getByText('김관리님, 환영합니다.')).toBeTruthy();
  });

  it('says so in Korean when there is nothing to do', async () => {
    const empty: Dashboard = {
      ...dashboard,
      matchings: {
        ...dashboard.matchings,
        total: 0,
        byStatus: MATCHING_STATUSES.map((status) => ({ status, count: 0 })),
      },
      byNationality: [],
      queues: { pendingEmployers: [], expiringVisas: [], reportedReviews: [] },
    };
    server.on('GET', 'dashboard', { status: 200, body: toWire(empty) });
    renderApp('/dashboard', server);

    expect(await screen.findByText('승인 대기 중인 사업주가 없습니다.', {}, firstRender)).toBeTruthy();
    expect(screen.getByText('만료가 임박한 비자가 없습니다.')).toBeTruthy();
    expect(screen.getByText('검수할 신고 리뷰가 없습니다.')).toBeTruthy();
    expect(screen.getByText('등록된 근로자가 없습니다.')).toBeTruthy();
    expect(kpis().getByText('이번 달 등록된 매칭이 없습니다.')).toBeTruthy();
  });

  it('shows an error with a retry that loads the dashboard', async () => {
    let fail = true;
    server.on('GET', 'dashboard', () =>
      fail ? errorReply(500, 'SERVER_ERROR', '서버 오류') : { status: 200, body: toWire(dashboard) },
    );
    renderApp('/dashboard', server);

    expect(await screen.findByText('대시보드를 불러오지 못했습니다.', {}, firstRender)).toBeTruthy();
    const calls = server.callsTo('GET', 'dashboard').length;
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '다시 시도' }));

    expect(await screen.findByRole('link', { name: '승인 대기 사업주 6곳' })).toBeTruthy();
    expect(server.callsTo('GET', 'dashboard')).toHaveLength(calls + 1);
    expect(screen.queryByText('대시보드를 불러오지 못했습니다.')).toBeNull();
  });
});
