import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, wireMatching, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const FLOW_BUTTONS = [
  '면접 진행',
  '면접 생략 후 합격',
  '합격 처리',
  '계약 체결',
  '근무 시작',
  '근무 종료',
  '취소',
  '중도 해지',
];

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

function header() {
  return within(screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement);
}

async function openMatching(status: string, extra: Record<string, unknown> = {}) {
  server.on('GET', 'matchings/90', { status: 200, body: wireMatching({ status, ...extra }) });
  renderApp('/matchings/90', server);
  await screen.findByRole('heading', { name: '응우옌 반 안 · 가나다제조 주식회사' });
}

/** The flow buttons the header shows, in order. */
function flowButtons() {
  return header()
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim() ?? '')
    .filter((label) => FLOW_BUTTONS.includes(label));
}

describe('matching status flow', () => {
  it.each([
    ['proposed', ['면접 진행', '면접 생략 후 합격', '취소']],
    ['interview', ['합격 처리', '취소']],
    ['accepted', ['계약 체결', '취소']],
    ['contracted', ['근무 시작', '취소']],
    ['working', ['근무 종료', '중도 해지']],
    ['completed', []],
    ['cancelled', []],
  ])('shows exactly the transitions MATCHING_TRANSITIONS allows from %s', async (status, expected) => {
    signedInAs(server, 'admin');
    await openMatching(status);
    expect(flowButtons()).toEqual(expected);
  });

  it('shows a viewer no actions', async () => {
    signedInAs(server, 'viewer');
    await openMatching('proposed');
    expect(flowButtons()).toEqual([]);
    expect(header().queryByRole('button', { name: /조건 수정/ })).toBeNull();
  });

  it('cancels only with a reason, and sends it with the version read', async () => {
    signedInAs(server, 'admin');
    server.on('POST', 'matchings/90/status', {
      status: 200,
      body: wireMatching({ status: 'cancelled', cancel_reason: '근로자 입국 지연' }),
    });
    const user = userEvent.setup({ delay: null });
    await openMatching('proposed');

    await user.click(header().getByRole('button', { name: '취소' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText("현재 상태 '제안'에서 '취소'(으)로 변경합니다.")).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '매칭 취소' }));
    expect(await dialog.findByText('사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'matchings/90/status')).toHaveLength(0);

    await user.type(dialog.getByLabelText('사유'), '근로자 입국 지연');
    await user.click(dialog.getByRole('button', { name: '매칭 취소' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'matchings/90/status')[0]?.body).toEqual({
        status: 'cancelled',
        reason: '근로자 입국 지연',
        version: 2,
      }),
    );
  });

  it('asks for the contract and start dates when contracting', async () => {
    signedInAs(server, 'admin');
    server.on('POST', 'matchings/90/status', { status: 200, body: wireMatching({ status: 'contracted' }) });
    const user = userEvent.setup({ delay: null });
    await openMatching('accepted', { contract_date: '2099-01-02', start_date: '2099-01-05' });

    await user.click(header().getByRole('button', { name: '계약 체결' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('계약일') as HTMLInputElement).value).toBe('2099-01-02');
    expect((dialog.getByLabelText('근무 시작일') as HTMLInputElement).value).toBe('2099-01-05');
    await user.click(dialog.getByRole('button', { name: '계약 체결' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'matchings/90/status')[0]?.body).toEqual({
        status: 'contracted',
        version: 2,
        contract_date: '2099-01-02',
        start_date: '2099-01-05',
      }),
    );
  });

  it('shows the status history as a timeline', async () => {
    signedInAs(server, 'admin');
    await openMatching('cancelled', {
      cancel_reason: '근로자 입국 지연',
      status_history: [
        {
          from_status: null,
          to_status: 'proposed',
          reason: null,
          changed_at: '2024-05-01T01:00:00Z',
          changed_by_name: '김관리',
        },
        {
          from_status: 'proposed',
          to_status: 'cancelled',
          reason: '근로자 입국 지연',
          changed_at: '2024-05-02T01:00:00Z',
          changed_by_name: '김관리',
        },
      ],
    });
    expect(screen.getByText('매칭 등록 (제안)')).toBeTruthy();
    expect(screen.getByText('제안 → 취소')).toBeTruthy();
    expect(screen.getAllByText(/근로자 입국 지연/).length).toBeGreaterThan(0);
  });
});

const history = (...steps: [string | null, string, string | null][]) =>
  steps.map(([from, to, reason], index) => ({
    from_status: from,
    to_status: to,
    reason,
    changed_at: `2024-05-0${index + 1}T01:00:00Z`,
    changed_by_name: '김관리',
  }));

function flowSteps() {
  return within(screen.getByRole('region', { name: '진행 단계' }));
}

describe('skipping the interview', () => {
  it('shows the interview step as 면접 생략 when the history went from 제안 straight to 합격', async () => {
    signedInAs(server, 'admin');
    await openMatching('contracted', {
      status_history: history(
        [null, 'proposed', null],
        ['proposed', 'accepted', '면접 생략: 재입사 근로자'],
        ['accepted', 'contracted', null],
      ),
    });
    const steps = flowSteps();
    expect(steps.getByText('면접 생략')).toBeTruthy();
    expect(steps.queryByText('면접')).toBeNull();
    // The timeline names the skip once and shows the reason without repeating it.
    expect(screen.getByText('제안 → 합격 · 면접 생략')).toBeTruthy();
    expect(screen.getByText('재입사 근로자')).toBeTruthy();
  });

  it('shows the interview step as passed when there was one', async () => {
    signedInAs(server, 'admin');
    await openMatching('contracted', {
      status_history: history(
        [null, 'proposed', null],
        ['proposed', 'interview', null],
        ['interview', 'accepted', null],
        ['accepted', 'contracted', null],
      ),
    });
    const steps = flowSteps();
    expect(steps.getByText('면접')).toBeTruthy();
    expect(screen.queryByText(/면접 생략/)).toBeNull();
  });

  it('asks for the reason before 면접 생략 후 합격 and sends it', async () => {
    signedInAs(server, 'admin');
    server.on('POST', 'matchings/90/status', { status: 200, body: wireMatching({ status: 'accepted' }) });
    const user = userEvent.setup({ delay: null });
    await openMatching('proposed');

    const button = header().getByRole('button', { name: '면접 생략 후 합격' });
    expect(button.className).not.toContain('dangerous');
    await user.click(button);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/면접을 생략한 사유를 입력해 주세요/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '면접 생략 후 합격' }));
    expect(await dialog.findByText('사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'matchings/90/status')).toHaveLength(0);

    await user.type(dialog.getByLabelText('사유'), '재입사 근로자');
    await user.click(dialog.getByRole('button', { name: '면접 생략 후 합격' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'matchings/90/status')[0]?.body).toEqual({
        status: 'accepted',
        reason: '재입사 근로자',
        version: 2,
      }),
    );
  });

  it("does not carry one step's reason over to the next dialog", async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    await openMatching('proposed');
    await user.click(header().getByRole('button', { name: '면접 생략 후 합격' }));
    const first = within(await screen.findByRole('dialog'));
    await user.type(first.getByLabelText('사유'), '재입사 근로자');
    await user.click(first.getAllByRole('button', { name: '닫기' }).at(-1) as HTMLElement);
    await user.click(header().getByRole('button', { name: '취소' }));
    const dialogs = await screen.findAllByRole('dialog');
    const next = within(dialogs.at(-1) as HTMLElement);
    expect((next.getByLabelText('사유') as HTMLTextAreaElement).value).toBe('');
  });

  it('lists the matching a refused contract points at, as a link in the dialog', async () => {
    signedInAs(server, 'admin');
    server.on('POST', 'matchings/90/status', {
      status: 409,
      body: {
        error: {
          code: 'INVALID_TRANSITION',
          message: '이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다.',
          details: [
            {
              message: '#12 응우옌 반 안 · 용접공 모집 (근무 중)',
              resource: 'matchings',
              id: 12,
              label: '#12 응우옌 반 안 · 용접공 모집 (근무 중)',
            },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await openMatching('accepted', { contract_date: '2099-01-02', start_date: '2099-01-05' });
    await user.click(header().getByRole('button', { name: '계약 체결' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '계약 체결' }));
    const alert = within(await dialog.findByRole('alert'));
    expect(alert.getByText('이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다.')).toBeTruthy();
    expect(
      alert.getByRole('link', { name: '#12 응우옌 반 안 · 용접공 모집 (근무 중)' }).getAttribute('href'),
    ).toBe('/matchings/12');
  });
});

describe('who changed the matching', () => {
  it('names an admin alike in the timeline and the 변경 이력 tab, with the changes in Korean', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'matchings/90/history', {
      status: 200,
      body: {
        data: [
          {
            id: 7,
            created_at: '2024-05-02T01:00:00Z',
            action: 'UPDATE',
            target_type: 'matching',
            actor_admin_id: 1,
            actor_login_id: 'admin',
            actor_name: '최고 관리자',
            summary: '매칭 상태 변경',
            diff: {
              status: { before: 'proposed', after: 'cancelled' },
              agreed_salary_amount: { before: 2_300_000, after: 2_400_000 },
              cancel_reason: { before: null, after: '근로자 입국 지연' },
            },
            reason: null,
          },
        ],
      },
    });
    const user = userEvent.setup({ delay: null });
    await openMatching('cancelled', {
      status_history: [
        {
          from_status: 'proposed',
          to_status: 'cancelled',
          reason: null,
          changed_at: '2024-05-02T01:00:00Z',
          changed_by_name: '최고 관리자',
        },
      ],
    });
    expect(screen.getByText(/최고 관리자/)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '변경 이력' }));
    const history = within(await screen.findByRole('table', { name: '변경 이력' }));
    const row = (await history.findByText('매칭 상태 변경')).closest('tr') as HTMLElement;
    expect(within(row).getByText('최고 관리자')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /expand|펼치기|행 펼치기/i }));
    const status = (await history.findByText('상태')).closest('tr') as HTMLElement;
    expect([...status.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '상태',
      '제안',
      '취소',
    ]);
    const amount = history.getByText('합의 급여액').closest('tr') as HTMLElement;
    expect(within(amount).getByText('2,300,000')).toBeTruthy();
    expect(within(amount).getByText('2,400,000')).toBeTruthy();
  });
});
