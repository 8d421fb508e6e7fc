import { fieldMessages, SETTINGS_DEFAULTS, toWire } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import {
  errorReply,
  listReply,
  signedInAs,
  wireEmployer,
  wireJobPost,
  withLookups,
} from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

const approved = wireEmployer({ status: 'approved' });

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'employers', listReply([approved]));
  // One minimum wage for every year (a year not set has none, docs/law-as-data.md#wages): the warning does not
  // depend on the day the test runs.
  const everyYear = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(2000 + i), 10_030]));
  server.on('GET', 'settings', {
    status: 200,
    body: toWire({ ...SETTINGS_DEFAULTS, minimumWageByYear: everyYear, version: 1 }),
  });
});

/** The form item (label, control, messages) of the field labelled `label`. */
function fieldItem(label: string) {
  return within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);
}

async function fillValidPost(user: User) {
  await pickOption(user, '사업주', '가나다제조 주식회사');
  await user.type(screen.getByLabelText('공고 제목'), '자동차 부품 생산직');
  await user.type(screen.getByLabelText('담당 업무'), '프레스 및 조립 라인 작업');
  await pickOption(user, '허용 체류자격', 'E-9 비전문취업');
  await user.type(screen.getByLabelText('급여액'), '2300000');
}

describe('job post list', () => {
  it('opens /job-posts?status=pending filtered: the request, the title, the columns', async () => {
    server.on('GET', 'job-posts', listReply([wireJobPost({ status: 'pending', filled_count: 0 })]));
    renderApp('/job-posts?status=pending', server);

    expect(await screen.findByText('자동차 부품 생산직')).toBeTruthy();
    expect(server.callsTo('GET', 'job-posts').at(-1)?.params).toEqual({
      page: 1,
      page_size: 20,
      sort: 'created_at',
      order: 'desc',
      status: 'pending',
    });
    expect(screen.getByRole('heading', { name: '승인 대기 채용공고' })).toBeTruthy();
    // Pay with its type and hourly equivalent, headcount filled/total, the status tag.
    expect(screen.getByText('월급 2,300,000원')).toBeTruthy();
    expect(screen.getByText('시급 환산 11,005원')).toBeTruthy();
    expect(screen.getByText('0/5명')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('승인 대기')).toBeTruthy();
  });
});

describe('job post form', () => {
  it('asks for the required fields in Korean and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await user.click(screen.getByRole('button', { name: '검토 요청' }));

    expect(await screen.findByText('사업주를 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('업종을 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('시도를 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('허용할 체류자격을 하나 이상 선택해 주세요.')).toBeTruthy();
    // 제목, 근무지 주소, 담당 업무, 급여액
    await waitFor(() => expect(screen.getAllByText(fieldMessages.required)).toHaveLength(4));
    expect(server.callsTo('POST', 'job-posts')).toHaveLength(0);
  });

  it('shows the hourly equivalent as the pay is typed, and warns below the minimum wage', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/job-posts/new', server);
    const amount = await screen.findByLabelText('급여액');
    await waitFor(() => expect(server.callsTo('GET', 'settings')).toHaveLength(1));

    // Monthly pay, Mon–Fri 09:00–18:00 with an hour's break: 40 hours a week, 209 paid hours a month.
    await user.type(amount, '2000000');
    expect((amount as HTMLInputElement).value).toBe('2,000,000');
    expect(await screen.findByText('9,569원')).toBeTruthy();
    expect(screen.getByText('주 40시간')).toBeTruthy();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('최저임금 미달');
    expect(warning.textContent).toContain('최저임금(시급 10,030원)보다 낮습니다');

    await user.clear(amount);
    await user.type(amount, '2300000');
    expect(await screen.findByText('11,004원')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('최저임금 미달')).toBeNull());
  });

  it('shows the server’s minimum-wage refusal (422 on salary_amount) on the pay field', async () => {
    const message = '2026년 최저임금(시급 10,320원)보다 낮습니다. 환산 시급 10,100원';
    server.on(
      'POST',
      'job-posts',
      errorReply(422, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'salary_amount', message },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await fillValidPost(user);
    await user.click(screen.getByRole('button', { name: '검토 요청' }));

    await waitFor(() => expect(fieldItem('급여액').getByText(message)).toBeTruthy());
    expect(screen.getByLabelText('급여액').getAttribute('aria-invalid')).toBe('true');
    expect(view.location()).toBe('/job-posts/new');
  });

  it('saves a draft with 임시저장: submit false, an idempotency key, then the detail', async () => {
    server.on('POST', 'job-posts', { status: 201, body: wireJobPost({ status: 'draft' }) });
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'draft' }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await fillValidPost(user);
    await user.click(screen.getByRole('button', { name: '임시저장' }));

    await waitFor(() => expect(view.location()).toBe('/job-posts/50'));
    const [call] = server.callsTo('POST', 'job-posts');
    expect(call?.body).toMatchObject({
      submit: false,
      employer_id: 10,
      title: '자동차 부품 생산직',
      industry: 'manufacturing',
      region: '경기도',
      work_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      work_start_time: '09:00',
      work_end_time: '18:00',
      salary_type: 'monthly',
      salary_amount: 2_300_000,
      allowed_visa_types: ['E-9'],
      deadline: null,
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers the duties of the chosen industry and sends the duty picked', async () => {
    server.on('POST', 'job-posts', { status: 201, body: wireJobPost({ status: 'draft' }) });
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'draft' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await fillValidPost(user);
    await pickOption(user, '업종', '음식점업');
    await user.click(screen.getByRole('combobox', { name: '직무' }));
    expect(await screen.findAllByTitle('한식 주방보조')).not.toHaveLength(0);
    expect(screen.queryAllByTitle('택배 상하차')).toHaveLength(0);
    await user.click((await screen.findAllByTitle('한식 주방보조')).at(-1)!);
    await user.click(screen.getByRole('button', { name: '임시저장' }));
    await waitFor(() => expect(server.callsTo('POST', 'job-posts')).toHaveLength(1));
    expect(server.callsTo('POST', 'job-posts')[0]?.body).toMatchObject({
      industry: 'food_service',
      duty: 'kitchen_assistant',
    });
  });

  it('takes Enter in the 마감일 picker as the date, never as a submit (docs/web-app.md#forms)', async () => {
    server.on('POST', 'job-posts', { status: 201, body: wireJobPost({ status: 'draft' }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await fillValidPost(user);
    const deadline = screen.getByLabelText('마감일');
    await user.click(deadline);
    await user.type(deadline, '2030-01-31{Enter}');

    await waitFor(() => expect((deadline as HTMLInputElement).value).toBe('2030-01-31'));
    expect(server.callsTo('POST', 'job-posts')).toHaveLength(0);
    expect(view.location()).toBe('/job-posts/new');
  });

  it('sends the post to review with 검토 요청: submit true', async () => {
    server.on('POST', 'job-posts', { status: 201, body: wireJobPost({ status: 'pending' }) });
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'pending' }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/job-posts/new', server);
    await screen.findByLabelText('공고 제목');
    await fillValidPost(user);
    await user.click(screen.getByRole('button', { name: '검토 요청' }));

    await waitFor(() => expect(view.location()).toBe('/job-posts/50'));
    expect(server.callsTo('POST', 'job-posts')[0]?.body).toMatchObject({ submit: true });
  });
});

describe('job post detail', () => {
  it('rejects a pending post only with a reason', async () => {
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'pending' }) });
    server.on('POST', 'job-posts/50/status', { status: 200, body: wireJobPost({ status: 'rejected' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/job-posts/50', server);
    await screen.findByRole('heading', { name: '자동차 부품 생산직' });
    expect(screen.getByRole('button', { name: '승인(게시)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '반려' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    expect(await within(dialog).findByText('사유를 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'job-posts/50/status')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), '급여 조건 불명확');
    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'job-posts/50/status')[0]?.body).toEqual({
        status: 'rejected',
        reason: '급여 조건 불명확',
        version: 4,
      }),
    );
  });

  it('tells a branch manager editing a live post that saving sends it back to review', async () => {
    signedInAs(server, 'branch_manager');
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'active' }) });
    renderApp('/job-posts/50/edit', server);
    expect(await screen.findByText(/다시 승인 대기로 돌아가 검토를 받습니다/)).toBeTruthy();
  });

  it('does not warn an approver editing a live post', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'active' }) });
    renderApp('/job-posts/50/edit', server);
    await screen.findByRole('heading', { name: /자동차 부품 생산직/ });
    expect(screen.queryByText(/다시 승인 대기로 돌아가 검토를 받습니다/)).toBeNull();
  });

  it.each([
    ['closed', true],
    ['suspended', true],
    ['active', false],
  ] as const)('offers 삭제 on a %s post: %s (a live post is closed first)', async (status, offered) => {
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status }) });
    renderApp('/job-posts/50', server);
    await screen.findByRole('heading', { name: '자동차 부품 생산직' });
    expect(Boolean(screen.queryByRole('button', { name: '삭제' }))).toBe(offered);
  });

  it('offers a branch manager no approval', async () => {
    signedInAs(server, 'branch_manager');
    server.on('GET', 'job-posts/50', { status: 200, body: wireJobPost({ status: 'pending' }) });
    renderApp('/job-posts/50', server);
    await screen.findByRole('heading', { name: '자동차 부품 생산직' });
    expect(screen.getByRole('button', { name: /수정/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '승인(게시)' })).toBeNull();
    expect(screen.queryByRole('button', { name: '반려' })).toBeNull();
  });
});
