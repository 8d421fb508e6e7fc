import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInSeoul } from '../../lib/datetime';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';
import { auditLogColumns } from './columns';

let server: MockServer;
let saved: string[];

function wireLog(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    created_at: '2025-03-01T14:59:59.000Z',
    actor_admin_id: 1,
    actor_login_id: 'admin',
    actor_name: '김관리',
    action: 'UPDATE',
    target_type: 'employer',
    target_id: '501',
    summary: '사업주 수정: companyName, address',
    record_count: null,
    reason: null,
    ip: '10.1.2.3',
    ...overrides,
  };
}

function wireDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...wireLog(),
    diff: {
      company_name: { before: '(주)가나', after: '(주)다라' },
      road_address: { before: '경기도 안산시 단원구 산단로 1', after: null },
      status: { before: 'pending', after: 'approved' },
      industry: { before: 'manufacturing', after: 'construction' },
      approved_at: { before: null, after: '2025-03-01T14:59:00.000Z' },
      employee_count: { before: 1200, after: 1250 },
    },
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    prev_hash: 'a'.repeat(64),
    hash: 'b'.repeat(64),
    ...overrides,
  };
}

const verifyReply = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    ok: true,
    checked: 1234,
    last_id: 1249,
    last_at: '2025-03-05T00:59:30.000Z',
    broken_at_id: null,
    broken_at: null,
    problem: null,
    problem_count: 0,
    problems: [],
    legacy_rows: 0,
    checkpoints: 3,
    keyed_start: { last_id: 0, created_at: '2025-01-01T00:00:00.000Z', legacy_ok: true, legacy_problems: 0 },
    verified_at: '2025-03-05T01:00:00.000Z',
    duration_ms: 1500,
    ...overrides,
  },
});

function wireReview(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    period: '2025-02',
    reviewed_at: '2025-03-04',
    reviewer_admin_id: 1,
    reviewer_login_id: 'admin',
    reviewer_name: '김관리',
    findings: '다운로드 2건 사유 확인\n야간 접속 없음',
    actions_taken: '',
    created_at: '2025-03-04T01:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  server = createMockServer();
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'settings/client', {
    status: 200,
    body: { export_reason_required: true, session_timeout_minutes: 30, visa_alert_days: [30, 60] },
  });
  server.on(
    'GET',
    'audit-logs',
    listReply([
      wireLog(),
      wireLog({
        id: 40,
        created_at: '2025-03-01T14:00:00.000Z',
        action: 'LOGIN_FAILED',
        actor_admin_id: null,
        actor_login_id: null,
        actor_name: null,
        target_type: null,
        target_id: null,
        summary: '로그인 실패',
        ip: '203.0.113.9',
      }),
    ]),
  );
  server.on('GET', 'audit-logs/41', { status: 200, body: wireDetail() });
  server.on('GET', 'audit-reviews', listReply([wireReview()], 1, 1, 12));
  server.on('GET', 'audit-reviews/findings', (request) => ({
    status: 200,
    body: { period: (request.params as { period: string }).period, data: [] },
  }));
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/audit-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const lastParams = (path: string) => server.callsTo('GET', path).at(-1)?.params as Record<string, unknown>;

describe('access log list', () => {
  it('shows the rows in Korean and sends the filters of the URL', async () => {
    renderApp('/settings/logs?action=UPDATE,DELETE&actor=admin&ip=10.1.&date_from=2025-03-01', server);
    const table = within(await screen.findByRole('table', { name: '접속기록' }));
    expect(await table.findByText('2025-03-01 23:59:59')).toBeTruthy();
    expect(table.getByText('김관리')).toBeTruthy();
    expect(table.getByText('수정')).toBeTruthy();
    expect(table.getByText('사업주 #501')).toBeTruthy();
    expect(table.getByText('로그인 실패', { selector: '.ant-tag' })).toBeTruthy();
    expect(table.getByText('시스템')).toBeTruthy();
    expect(lastParams('audit-logs')).toEqual({
      page: 1,
      page_size: 20,
      sort: 'created_at',
      order: 'desc',
      action: 'UPDATE,DELETE',
      actor: 'admin',
      ip: '10.1.',
      date_from: '2025-03-01',
    });
    // The multi-select shows the URL's actions by their Korean names.
    const actions = screen.getByRole('combobox', { name: '작업' }).closest('.ant-select') as HTMLElement;
    expect(within(actions).getByText('수정')).toBeTruthy();
    expect(within(actions).getByText('삭제')).toBeTruthy();
  });

  it('filters by an action picked from the list, by target and by IP typed in', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/logs', server);
    await screen.findByText('2025-03-01 23:59:59');

    await user.click(screen.getByRole('combobox', { name: '작업' }));
    await user.click((await screen.findAllByTitle('다운로드')).at(-1)!);
    await waitFor(() => expect(lastParams('audit-logs')).toMatchObject({ action: 'EXPORT' }));
    await user.click((await screen.findAllByTitle('개인정보 열람')).at(-1)!);
    await waitFor(() => expect(lastParams('audit-logs')).toMatchObject({ action: 'EXPORT,REVEAL' }));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: '대상 유형' }));
    await user.click((await screen.findAllByTitle('근로자')).at(-1)!);
    await user.type(screen.getByRole('textbox', { name: '대상 번호' }), '77{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'IP' }), '192.168.{Enter}');
    await waitFor(() =>
      expect(lastParams('audit-logs')).toMatchObject({
        action: 'EXPORT,REVEAL',
        target_type: 'worker',
        target_id: '77',
        ip: '192.168.',
      }),
    );
    expect(view.location()).toContain('action=EXPORT%2CREVEAL');
    expect(view.location()).toContain('target_type=worker');
  });

  it('opens a row in a drawer: every field and the before/after of what changed, as people read them', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/logs', server);
    await user.click(await screen.findByText('사업주 수정: companyName, address'));
    await waitFor(() => expect(view.location()).toContain('log=41'));

    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('접속기록 #41')).toBeTruthy();
    expect(drawer.getByText('Mozilla/5.0 (X11; Linux x86_64)')).toBeTruthy();
    expect(drawer.getByText('b'.repeat(64))).toBeTruthy();
    // The admin by the name the list and every history tab show, the login id beneath.
    expect(drawer.getByText('김관리')).toBeTruthy();
    expect(drawer.getByText('admin')).toBeTruthy();
    const diff = within(drawer.getByRole('table', { name: '변경 내용' }));
    const header = diff.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(['항목', '변경 전', '변경 후']);
    const rows = diff
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['상호(회사명)', '(주)가나', '(주)다라'],
      ['도로명 주소', '경기도 안산시 단원구 산단로 1', '-'],
      ['상태', '승인 대기', '승인'],
      ['업종', '제조업', '건설업'],
      ['승인일시', '-', '2025-03-01 23:59'],
      ['상시 근로자 수', '1,200', '1,250'],
    ]);

    await user.click(drawer.getAllByRole('button', { name: '닫기' }).at(-1)!);
    await waitFor(() => expect(view.location()).not.toContain('log='));
  });

  it('shows a settings change by the settings labels, with 예/아니요 and lists', async () => {
    server.on('GET', 'audit-logs/41', {
      status: 200,
      body: wireDetail({
        action: 'SETTINGS_CHANGE',
        target_type: 'settings',
        target_id: null,
        diff: {
          export_reason_required: { before: true, after: false },
          visa_alert_days: { before: [30, 60], after: [30, 60, 90] },
          minimum_wage_by_year: { before: { 2025: 10030 }, after: { 2025: 10030, 2026: 10320 } },
        },
      }),
    });
    renderApp('/settings/logs?log=41', server);
    const drawer = within(await screen.findByRole('dialog'));
    const diff = within(await drawer.findByRole('table', { name: '변경 내용' }));
    const rows = diff
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['다운로드 사유 필수', '예', '아니요'],
      ['비자 만료 알림 구간(일)', '30, 60', '30, 60, 90'],
      ['연도별 최저시급(원)', '2025: 10,030', '2025: 10,030, 2026: 10,320'],
    ]);
  });

  it('shows what an export row recorded as field and value', async () => {
    server.on('GET', 'audit-logs/41', {
      status: 200,
      body: wireDetail({
        action: 'EXPORT',
        target_type: 'worker',
        target_id: null,
        record_count: 12,
        reason: '월간 보고',
        diff: { format: 'csv', filters: { nationality: 'VN', visa_type: 'E-9' } },
      }),
    });
    renderApp('/settings/logs?log=41', server);
    const drawer = within(await screen.findByRole('dialog'));
    const table = within(await drawer.findByRole('table', { name: '기록된 내용' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['항목', '값']);
    const filters = table.getByText('검색 조건').closest('tr') as HTMLElement;
    expect(within(filters).getByText('국적: 베트남, 체류자격: E-9 비전문취업')).toBeTruthy();
    expect(drawer.getByText('12건')).toBeTruthy();
    expect(drawer.getByText('월간 보고')).toBeTruthy();
  });

  it('cuts a long summary to its column and shows it whole in a tooltip', async () => {
    const long = `설정 변경: ${'자동 로그아웃 시간, 기본 매칭 수수료, '.repeat(8)}다운로드 사유 필수`;
    server.on('GET', 'audit-logs', listReply([wireLog({ summary: long })]));
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs', server);
    const cell = await screen.findByText(long);
    expect(cell.style.textOverflow).toBe('ellipsis');
    expect(cell.style.whiteSpace).toBe('nowrap');
    await user.hover(cell);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('gives every column a width, so the table scrolls inside its card and never the page', () => {
    const widths = auditLogColumns.map((column) => column.width);
    expect(widths.every((width) => typeof width === 'number')).toBe(true);
  });
});

describe('무결성 확인', () => {
  it('reports an intact chain with its count', async () => {
    server.on('POST', 'audit-logs/verify', verifyReply());
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs', server);
    await user.click(await screen.findByRole('button', { name: /무결성 확인/ }));
    const result = await screen.findByRole('status');
    await waitFor(() => expect(result.textContent).toContain('정상: 1,234건 확인'));
    expect(result.textContent).toContain('2025-03-05 10:00:00 확인, 1.5초 소요');
  });

  it('says up to which row it checked, and shows that range in the list with the same count', async () => {
    server.on('POST', 'audit-logs/verify', verifyReply());
    server.on('GET', 'audit-logs', (request) =>
      listReply([wireLog()], (request.params as Record<string, unknown>).to_id ? 1234 : 1262),
    );
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/logs?action=UPDATE&page=3', server);
    expect(await screen.findByText('총 1,262건')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /무결성 확인/ }));
    const result = within(await screen.findByRole('status'));
    expect(
      await result.findByText(
        '확인 범위: 첫 기록부터 #1249(2025-03-05 09:59:30)까지. 그 뒤에 쌓인 기록은 다음 확인 때 포함됩니다.',
      ),
    ).toBeTruthy();

    // The whole log up to that row, no other filter: the list counts what the check counted.
    await user.click(result.getByRole('button', { name: '확인한 범위 목록 보기' }));
    await waitFor(() => expect(view.location()).toBe('/settings/logs?to_id=1249'));
    await waitFor(() =>
      expect(lastParams('audit-logs')).toEqual({
        page: 1,
        page_size: 20,
        sort: 'created_at',
        order: 'desc',
        to_id: '1249',
      }),
    );
    expect(await screen.findByText('총 1,234건')).toBeTruthy();
    expect(screen.getByText('#1249까지 (무결성 확인 범위)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '확인 범위 해제' }));
    await waitFor(() => expect(view.location()).toBe('/settings/logs'));
    expect(await screen.findByText('총 1,262건')).toBeTruthy();
  });

  it('says which rows were checked without the key: those written before the chain was keyed', async () => {
    server.on(
      'POST',
      'audit-logs/verify',
      verifyReply({
        legacy_rows: 1500,
        keyed_start: {
          last_id: 1502,
          created_at: '2025-02-01T00:00:00.000Z',
          legacy_ok: false,
          legacy_problems: 2,
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs', server);
    await user.click(await screen.findByRole('button', { name: /무결성 확인/ }));
    const result = await screen.findByRole('status');
    await waitFor(() =>
      expect(result.textContent).toContain(
        '#1502까지의 1,500건은 키 적용 전 기록으로, 키 없는 해시(SHA-256)로 확인했습니다. 키 적용 당시 이 기록들을 확인한 결과 문제 2건이 이미 있었습니다.',
      ),
    );
  });

  it('reports every problem found, lists the first ones, and opens a row from the list', async () => {
    const problems = [
      { id: 41, created_at: '2025-03-01T14:59:59.000Z', problem: 'content', checkpoint_id: null },
      { id: 57, created_at: '2025-03-02T01:00:00.000Z', problem: 'downgrade', checkpoint_id: null },
      { id: 90, created_at: '2025-03-03T01:00:00.000Z', problem: 'truncated', checkpoint_id: 7 },
    ];
    server.on(
      'POST',
      'audit-logs/verify',
      verifyReply({
        ok: false,
        checked: 1200,
        broken_at_id: 41,
        broken_at: '2025-03-01T14:59:59.000Z',
        problem: 'content',
        problem_count: 250,
        problems,
      }),
    );
    server.on('GET', 'audit-logs/57', { status: 200, body: wireDetail({ id: 57 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/logs', server);
    await user.click(await screen.findByRole('button', { name: /무결성 확인/ }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('위변조 의심')).toBeTruthy();
    expect(alert.getByText('1,200건을 확인해 문제 250건을 찾았습니다.')).toBeTruthy();
    expect(alert.getByText('처음 문제: #41 기록(2025-03-01 23:59:59)')).toBeTruthy();
    expect(alert.getByText('번호 순으로 처음 3건만 표시합니다 (전체 250건).')).toBeTruthy();
    // The list's body (a scrolling antd table renders its header as a table of its own).
    const table = within(alert.getAllByRole('table').at(-1)!);
    expect(table.getByText('내용 변경')).toBeTruthy();
    expect(table.getByText('키 없는 해시')).toBeTruthy();
    expect(table.getByText('기록 삭제')).toBeTruthy();
    expect(table.getByText('체크포인트 #7')).toBeTruthy();
    // A deleted row has nothing to open.
    expect(table.queryByRole('button', { name: '#90' })).toBeNull();
    expect(alert.getByText(/이 기록의 내용이 저장된 뒤 바뀌었습니다\./)).toBeTruthy();
    expect(alert.getByText(/키 없이\(SHA-256\) 계산된 해시/)).toBeTruthy();

    await user.click(table.getByRole('button', { name: '#57' }));
    await waitFor(() => expect(view.location()).toContain('log=57'));
    await user.click(alert.getByRole('button', { name: '이 기록 열기' }));
    await waitFor(() => expect(view.location()).toContain('log=41'));
    expect(await within(await screen.findByRole('dialog')).findByText('접속기록 #41')).toBeTruthy();
  });
});

describe('CSV 내보내기', () => {
  it('asks for the purpose, then sends the filters with it and saves 접속기록_{오늘}.csv', async () => {
    server.on('GET', 'audit-logs/export', {
      status: 200,
      body: new Blob(['\uFEFF번호,일시\n'], { type: 'text/csv' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs?action=EXPORT&target_type=worker&page=2', server);
    await user.click(await screen.findByRole('button', { name: /CSV 내보내기/ }));
    const modal = await dialog('접속기록 내보내기');
    await user.click(modal.getByRole('button', { name: '다운로드' }));
    expect(await modal.findByText('다운로드 사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('GET', 'audit-logs/export')).toHaveLength(0);

    await user.type(modal.getByLabelText('다운로드 사유'), ' 분기 점검 ');
    await user.click(modal.getByRole('button', { name: '다운로드' }));
    expect(await screen.findByText('접속기록을 성공적으로 내보냈습니다.')).toBeTruthy();
    expect(lastParams('audit-logs/export')).toEqual({
      order: 'desc',
      action: 'EXPORT',
      target_type: 'worker',
      reason: '분기 점검',
    });
    expect(saved).toEqual([`접속기록_${todayInSeoul()}.csv`]);
  });

  it("puts the server's 422 on the purpose field", async () => {
    server.on(
      'GET',
      'audit-logs/export',
      errorReply(422, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'reason', message: '다운로드 사유를 입력해 주세요.' },
      ]),
    );
    server.on('GET', 'settings/client', {
      status: 200,
      body: { export_reason_required: false, session_timeout_minutes: 30, visa_alert_days: [30] },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs', server);
    await user.click(await screen.findByRole('button', { name: /CSV 내보내기/ }));
    const modal = await dialog('접속기록 내보내기');
    await user.click(modal.getByRole('button', { name: '다운로드' }));
    expect(await screen.findByText('접속기록 내보내기에 실패했습니다.')).toBeTruthy();
    expect(await modal.findByText('다운로드 사유를 입력해 주세요.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('월간 점검 기록', () => {
  it('lists the records and saves a new one as me, once per attempt', async () => {
    server.on('POST', 'audit-reviews', (request) => ({
      status: 201,
      body: wireReview({ id: 4, ...(request.body as object) }),
    }));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/logs', server);
    await user.click((await screen.findByRole('radio', { name: '월간 점검 기록' })).closest('label')!);
    await waitFor(() => expect(view.location()).toContain('tab=reviews'));
    const table = within(await screen.findByRole('table', { name: '월간 점검 기록' }));
    expect(await table.findByText('2025-02')).toBeTruthy();
    expect(table.getByText(/다운로드 2건 사유 확인/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /CSV 내보내기/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /점검 기록 등록/ }));
    const form = await dialog('월간 점검 기록 등록');
    expect((form.getByDisplayValue('김관리 (admin)') as HTMLInputElement).readOnly).toBe(true);
    await user.click(form.getByRole('button', { name: '저장' }));
    expect(await form.findByText('점검 결과를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'audit-reviews')).toHaveLength(0);

    await user.type(form.getByLabelText('점검 결과'), '이상 없음');
    await user.type(form.getByLabelText('조치 사항'), '해당 없음');
    await user.click(form.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('월간 점검 기록을 저장했습니다.')).toBeTruthy();
    const [post] = server.callsTo('POST', 'audit-reviews');
    const lastMonth = new Date(`${todayInSeoul().slice(0, 7)}-15T00:00:00Z`);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    expect(post!.body).toEqual({
      period: lastMonth.toISOString().slice(0, 7),
      reviewed_at: todayInSeoul(),
      findings: '이상 없음',
      actions_taken: '해당 없음',
    });
    expect(post!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(view.location()).toContain('tab=reviews');
  });

  it("shows the server's refusal on the field it names", async () => {
    server.on(
      'POST',
      'audit-reviews',
      errorReply(422, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'reviewed_at', message: '점검일은 점검 월의 1일 이후여야 합니다.' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs?tab=reviews', server);
    await user.click(await screen.findByRole('button', { name: /점검 기록 등록/ }));
    const form = await dialog('월간 점검 기록 등록');
    await user.type(form.getByLabelText('점검 결과'), '이상 없음');
    await user.click(form.getByRole('button', { name: '저장' }));
    expect(await form.findByText('점검일은 점검 월의 1일 이후여야 합니다.')).toBeTruthy();
  });
});

describe('자동 점검 결과', () => {
  const finding = (values: Record<string, unknown> = {}) => ({
    period: '2025-06',
    kind: 'vague_export_reason',
    admin_id: 7,
    admin_login_id: 'parkop',
    admin_name: '박운영',
    count: 3,
    description: '사유가 불명확한 다운로드 3건: “ㅇㅇ”, (사유 없음)',
    log_ids: [41, 40],
    acknowledgement: null,
    reopened: null,
    ...values,
  });

  it('shows the month of the address, and acknowledges a finding with a note', async () => {
    let acknowledged = false;
    server.on('GET', 'audit-reviews/findings', () => ({
      status: 200,
      body: {
        period: '2025-06',
        data: [
          finding(
            acknowledged
              ? {
                  acknowledgement: {
                    note: '본인 소명 받음',
                    by_login_id: 'admin',
                    by_name: '김관리',
                    at: '2025-07-02T01:00:00.000Z',
                  },
                }
              : {},
          ),
          finding({
            kind: 'new_ip',
            log_ids: [39],
            description: '최근 90일 동안 쓰지 않던 IP 2곳에서 로그인 3회',
            acknowledgement: {
              note: '출장',
              by_login_id: 'admin',
              by_name: '김관리',
              at: '2025-07-01T01:00:00.000Z',
            },
          }),
        ],
      },
    }));
    server.on('POST', 'audit-reviews/findings/acknowledge', (request) => {
      acknowledged = true;
      return {
        status: 201,
        body: finding({
          acknowledgement: {
            note: (request.body as { note: string }).note,
            by_login_id: 'admin',
            by_name: '김관리',
            at: '2025-07-02T01:00:00.000Z',
          },
        }),
      };
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/logs?tab=reviews&period=2025-06', server);
    const table = within(await screen.findByRole('table', { name: '자동 점검 결과' }));
    expect(await table.findByText('불명확한 다운로드 사유')).toBeTruthy();
    expect(lastParams('audit-reviews/findings')).toMatchObject({ period: '2025-06' });
    expect(screen.getByText('2건 중 1건 미확인')).toBeTruthy();
    expect(table.getByRole('link', { name: '#41' }).getAttribute('href')).toContain('log=41');
    expect(table.getByText('출장')).toBeTruthy();

    await user.click(table.getByRole('button', { name: '박운영 (parkop)의 불명확한 다운로드 사유 확인' }));
    const form = await dialog('자동 점검 결과 확인');
    await user.click(form.getByRole('button', { name: '확인 저장' }));
    expect(await form.findByText('확인 내용(소명·조치)을 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'audit-reviews/findings/acknowledge')).toHaveLength(0);
    await user.type(form.getByLabelText('확인 내용'), '본인 소명 받음');
    await user.click(form.getByRole('button', { name: '확인 저장' }));
    expect(await screen.findByText('점검 결과를 확인했습니다.')).toBeTruthy();
    expect(server.callsTo('POST', 'audit-reviews/findings/acknowledge')[0]?.body).toEqual({
      period: '2025-06',
      kind: 'vague_export_reason',
      admin_id: 7,
      note: '본인 소명 받음',
    });
    expect(await screen.findByText('2건 모두 확인')).toBeTruthy();
  });

  it('offers no acknowledgement of a finding about the admin signed in, and shows a reopening', async () => {
    server.on('GET', 'audit-reviews/findings', () => ({
      status: 200,
      body: {
        period: '2025-06',
        data: [
          // wireUser is admin #1: this finding is about them.
          finding({ admin_id: 1, admin_login_id: 'admin', admin_name: '김관리' }),
          finding({
            reopened: {
              reason: '소명 재확인',
              by_login_id: 'root',
              by_name: '최고',
              at: '2025-07-03T01:00:00.000Z',
            },
          }),
        ],
      },
    }));
    renderApp('/settings/logs?tab=reviews&period=2025-06', server);
    const table = within(await screen.findByRole('table', { name: '자동 점검 결과' }));
    expect(await table.findByText('본인 결과 · 다른 관리자가 확인')).toBeTruthy();
    expect(table.queryByRole('button', { name: '김관리 (admin)의 불명확한 다운로드 사유 확인' })).toBeNull();
    expect(table.getByRole('button', { name: '박운영 (parkop)의 불명확한 다운로드 사유 확인' })).toBeTruthy();
    expect(table.getByText('재검토: 소명 재확인')).toBeTruthy();
  });

  it('defaults to last month and offers a viewer of the log no acknowledgement', async () => {
    signedInAs(server, 'super_admin');
    renderApp('/settings/logs?tab=reviews', server);
    await screen.findByRole('table', { name: '자동 점검 결과' });
    const lastMonth = new Date(`${todayInSeoul().slice(0, 7)}-15T00:00:00Z`);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await waitFor(() =>
      expect(lastParams('audit-reviews/findings')).toMatchObject({
        period: lastMonth.toISOString().slice(0, 7),
      }),
    );
    expect(await screen.findByText('이 달에는 자동 점검 결과가 없습니다.')).toBeTruthy();
  });
});

describe('who may see the log', () => {
  it.each(['branch_manager', 'viewer'] as const)(
    'a %s gets the no-access page and no request',
    async (role) => {
      signedInAs(server, role);
      renderApp('/settings/logs', server);
      expect(await screen.findByText('접속기록은 최고 관리자와 관리자만 볼 수 있습니다.')).toBeTruthy();
      expect(server.callsTo('GET', 'audit-logs')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: /무결성 확인/ })).toBeNull();
    },
  );
});
