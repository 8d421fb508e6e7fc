import { recordMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import {
  listReply,
  signedInAs,
  wireJobPost,
  wireMatching,
  wireWorker,
  withLookups,
} from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

const HARD = '이 채용공고는 F-4 재외동포 체류자격을 허용하지 않습니다.';
const WARNING = '근로자의 한국어 능력이 공고의 요구 수준보다 낮습니다.';

type Issue = {
  code: string;
  severity: 'hard' | 'warning';
  message: string;
  related?: { resource: 'matchings'; id: number; label: string }[];
  basis?: { law: string; article: string; notice?: string; effective_from: string | null; verify?: string };
};

function eligibility(issues: Issue[]) {
  return {
    status: 200,
    body: { eligible: !issues.some((issue) => issue.severity === 'hard'), issues },
  };
}

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  server.on('GET', 'job-posts', listReply([wireJobPost()]));
  server.on('GET', 'workers', listReply([wireWorker()]));
  server.on('GET', 'resumes', listReply([]));
});

async function pickPair(user: User) {
  await pickOption(user, '채용공고', '자동차 부품 생산직');
  await pickOption(user, '근로자', '응우옌 반 안');
}

const submitButton = () => screen.getByRole('button', { name: '매칭 등록' }) as HTMLButtonElement;

describe('matching creation', () => {
  it('checks the pair at once; an eligible one can be registered and opens its detail', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'matchings/eligibility', eligibility([]));
    server.on('POST', 'matchings', { status: 201, body: wireMatching() });
    server.on('GET', 'matchings/90', { status: 200, body: wireMatching() });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/matchings/new', server);
    await screen.findByText('채용공고와 근로자를 고르면 바로 매칭 가능 여부를 확인합니다.');
    expect(submitButton().disabled).toBe(true);

    await pickPair(user);
    expect(await screen.findByText('매칭 가능')).toBeTruthy();
    expect(server.callsTo('GET', 'matchings/eligibility').at(-1)?.params).toEqual({
      job_post_id: 50,
      worker_id: 20,
    });
    // The agreed pay starts from the post's.
    expect((screen.getByLabelText('합의 급여액') as HTMLInputElement).value).toBe('2,300,000');
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    await user.click(submitButton());
    await waitFor(() => expect(view.location()).toBe('/matchings/90'));
    const [call] = server.callsTo('POST', 'matchings');
    expect(call?.body).toMatchObject({
      job_post_id: 50,
      worker_id: 20,
      agreed_salary_type: 'monthly',
      agreed_salary_amount: 2_300_000,
      start_date: null,
    });
    expect(call?.body).not.toHaveProperty('override_reason');
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows a hard issue in red and keeps the submit disabled', async () => {
    signedInAs(server, 'super_admin');
    server.on(
      'GET',
      'matchings/eligibility',
      eligibility([{ code: 'VISA_NOT_ALLOWED_BY_POST', severity: 'hard', message: HARD }]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/matchings/new', server);
    await screen.findByLabelText('채용공고');
    await pickPair(user);

    expect(await screen.findByText('매칭할 수 없습니다')).toBeTruthy();
    expect(screen.getByText(HARD)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    // A hard rule cannot be overridden, not even by a super admin.
    expect(screen.queryByLabelText('예외 진행 사유')).toBeNull();
  });

  it('asks a user with matchings:override for the reason before going past a warning', async () => {
    signedInAs(server, 'admin');
    server.on(
      'GET',
      'matchings/eligibility',
      eligibility([{ code: 'KOREAN_LEVEL_BELOW', severity: 'warning', message: WARNING }]),
    );
    server.on('POST', 'matchings', { status: 201, body: wireMatching() });
    server.on('GET', 'matchings/90', { status: 200, body: wireMatching() });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/matchings/new', server);
    await screen.findByLabelText('채용공고');
    await pickPair(user);

    expect(await screen.findByText(WARNING)).toBeTruthy();
    const reason = await screen.findByLabelText('예외 진행 사유');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText('예외 진행 사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'matchings')).toHaveLength(0);

    await user.type(reason, '입사 전 한국어 교육 예정');
    await user.click(submitButton());
    await waitFor(() => expect(view.location()).toBe('/matchings/90'));
    expect(server.callsTo('POST', 'matchings')[0]?.body).toMatchObject({
      override_reason: '입사 전 한국어 교육 예정',
    });
  });

  it('shows a 사업장 변경 권역 warning with its legal basis and 확인 필요, and asks for the reason', async () => {
    signedInAs(server, 'admin');
    const message =
      '최초 고용허가 사업장이 충청권(충청북도)인 근로자의 수도권(경기도) 사업장으로의 변경입니다. 비수도권에서 수도권으로의 변경은 제한되어 고용센터가 승인하지 않을 수 있습니다.';
    server.on(
      'GET',
      'matchings/eligibility',
      eligibility([
        {
          code: 'WORKPLACE_CHANGE_REGION',
          severity: 'warning',
          message,
          basis: {
            law: '외국인근로자의 고용 등에 관한 법률',
            article: '제25조 (사업장 변경)',
            notice: '고용노동부 사업장 변경 지침(권역 내 사업장 변경)',
            effective_from: '2025-07-01',
            verify: '실제 지침 개정일을 확인하지 못했습니다.',
          },
        },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/matchings/new', server);
    await screen.findByLabelText('채용공고');
    await pickPair(user);

    const item = (await screen.findByText(message)).closest('li')!;
    const basis = within(item as HTMLElement).getByTestId('legal-basis');
    expect(basis.textContent).toContain('외국인고용법 제25조 (사업장 변경)');
    expect(basis.textContent).toContain('시행 2025-07-01');
    expect(basis.textContent).toContain('확인 필요');
    expect(await screen.findByLabelText('예외 진행 사유')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('hides the override from a user without matchings:override and keeps the submit disabled', async () => {
    signedInAs(server, 'branch_manager');
    server.on(
      'GET',
      'matchings/eligibility',
      eligibility([{ code: 'KOREAN_LEVEL_BELOW', severity: 'warning', message: WARNING }]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/matchings/new', server);
    await screen.findByLabelText('채용공고');
    await pickPair(user);

    expect(await screen.findByText(WARNING)).toBeTruthy();
    expect(screen.getByText(recordMessages.overrideNotPermitted)).toBeTruthy();
    expect(screen.queryByLabelText('예외 진행 사유')).toBeNull();
    expect(submitButton().disabled).toBe(true);
  });

  it("links an issue's related matchings under it", async () => {
    signedInAs(server, 'admin');
    const label = '#12 응우옌 반 안 · 용접공 모집 (근무 중)';
    server.on(
      'GET',
      'matchings/eligibility',
      eligibility([
        {
          code: 'WORKER_ENGAGED',
          severity: 'warning',
          message: `이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다: ${label}`,
          related: [{ resource: 'matchings', id: 12, label }],
        },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/matchings/new', server);
    await screen.findByLabelText('채용공고');
    await pickPair(user);
    const link = await screen.findByRole('link', { name: label });
    expect(link.getAttribute('href')).toBe('/matchings/12');
    expect(link.closest('ul')?.closest('li')?.textContent).toContain('이미 계약 완료 또는 근무 중입니다');
  });
});

describe('the worker picker', () => {
  it('does not send a full identifier as a search term, and says where such a search is made', async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    renderApp('/matchings/new', server);
    await screen.findByText('채용공고와 근로자를 고르면 바로 매칭 가능 여부를 확인합니다.');
    await user.click(screen.getByRole('combobox', { name: '근로자' }));
    await user.type(screen.getByRole('combobox', { name: '근로자' }), 'M12345678');
    expect(await screen.findByText(/근로자 목록에서 사유와 함께/)).toBeTruthy();
    expect(
      server.callsTo('GET', 'workers').map((call) => (call.params as { q?: string } | undefined)?.q),
    ).not.toContain('M12345678');

    await user.clear(screen.getByRole('combobox', { name: '근로자' }));
    await user.type(screen.getByRole('combobox', { name: '근로자' }), '응우옌');
    await waitFor(() =>
      expect(
        server.callsTo('GET', 'workers').map((call) => (call.params as { q?: string } | undefined)?.q),
      ).toContain('응우옌'),
    );
  });
});
