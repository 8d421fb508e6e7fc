import { fieldMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog, pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, wireMatching, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

function header() {
  return within(screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement);
}

describe('worker list', () => {
  it('shows names in Korean and Latin, nationality in Korean, the masked 외국인등록번호 and the D-day', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([wireWorker({ visa_expiry_date: '2000-01-01' })], 1));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers', server);

    const row = within((await screen.findByText('응우옌 반 안')).closest('tr') as HTMLElement);
    expect(row.getByText('NGUYEN VAN AN')).toBeTruthy();
    expect(row.getByText('베트남')).toBeTruthy();
    expect(row.getByText('950412-5******')).toBeTruthy();
    expect(row.getByText('010-9876-5432')).toBeTruthy();
    expect(row.getByText(/^D\+\d+$/)).toBeTruthy();

    await pickOption(user, '국적', '베트남');
    await waitFor(() => expect(view.location()).toBe('/workers?nationality=VN'));
    await waitFor(() =>
      expect(server.callsTo('GET', 'workers').at(-1)?.params).toMatchObject({ nationality: 'VN', page: 1 }),
    );
  });

  it('lists the EPS sending countries first in the nationality filter', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers', listReply([]));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers', server);
    await user.click(await screen.findByRole('combobox', { name: '국적' }));
    const groups = await screen.findAllByText(/고용허가제 송출국|주요 국가|전체 국가/);
    expect(groups.map((group) => group.textContent)).toEqual(['고용허가제 송출국', '주요 국가', '전체 국가']);
    expect(screen.getAllByTitle('필리핀').length).toBeGreaterThan(0);
  });
});

describe('worker detail', () => {
  it('reveals an identifier after a reason, for this view only', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on('POST', 'workers/20/reveal', {
      status: 200,
      body: { field: 'alien_reg_no', value: '9504125123456' },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);

    expect(await screen.findByText('950412-5******')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '외국인등록번호 열람' }));
    const modal = await dialog('열람 사유');
    await user.type(modal.getByRole('textbox'), '확');
    await user.click(modal.getByRole('button', { name: '열람하기' }));
    expect(await modal.findByText('열람 사유를 2자 이상 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'workers/20/reveal')).toHaveLength(0);

    await user.type(modal.getByRole('textbox'), '인 필요');
    await user.click(modal.getByRole('button', { name: '열람하기' }));
    expect(await screen.findByText('950412-5123456')).toBeTruthy();
    expect(screen.getByText('열람됨')).toBeTruthy();
    expect(server.callsTo('POST', 'workers/20/reveal')[0]?.body).toEqual({
      field: 'alien_reg_no',
      reason: '확인 필요',
    });

    await user.click(screen.getByRole('button', { name: '가리기' }));
    expect(screen.queryByText('950412-5123456')).toBeNull();
    expect(screen.getByText('950412-5******')).toBeTruthy();
  });

  it('shows the server refusal of a reveal', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on('POST', 'workers/20/reveal', errorReply(403, 'FORBIDDEN', '접근 권한이 없습니다.'));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    await user.click(await screen.findByRole('button', { name: '여권번호 열람' }));
    const modal = await dialog('열람 사유');
    await user.type(modal.getByRole('textbox'), '본인 확인');
    await user.click(modal.getByRole('button', { name: '열람하기' }));
    expect(await screen.findByText('접근 권한이 없습니다.')).toBeTruthy();
    expect(screen.queryByText('열람됨')).toBeNull();
  });

  it('hides reveal, edit and status actions from a viewer', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    renderApp('/workers/20', server);
    expect(await screen.findByText('950412-5******')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /열람/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '연장 처리' })).toBeNull();
    expect(header().queryAllByRole('button')).toHaveLength(0);
  });

  it('offers the status changes of a worker seeking a job', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    renderApp('/workers/20', server);
    await screen.findByText('950412-5******');
    expect(
      header()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['삭제', '수정', '비활성 처리', '출국 처리']);
  });

  it("lists the worker's matchings in their tab and links to their resumes", async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker({ status: 'working' }) });
    server.on('GET', 'matchings', listReply([wireMatching({ status: 'working' })]));
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    await user.click(await screen.findByRole('tab', { name: '매칭' }));
    expect(await screen.findByText('가나다제조 주식회사')).toBeTruthy();
    expect(server.callsTo('GET', 'matchings')[0]?.params).toMatchObject({ worker_id: '20' });
    const links = screen.getAllByRole('link', { name: /이력서/ });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/resumes/workers/20');
  });
});

async function typeDate(user: User, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.type(input, `${value}{Enter}`);
}

describe('worker form', () => {
  it('checks the 외국인등록번호 and the mobile number with the contracts rules', async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/new', server);
    const alien = await screen.findByLabelText('외국인등록번호');
    await user.type(alien, '9504121123456');
    expect((alien as HTMLInputElement).value).toBe('950412-1123456');
    expect(await screen.findByText(fieldMessages.alienRegNo)).toBeTruthy();
    await user.type(screen.getByLabelText('휴대전화'), '0212345678');
    expect(await screen.findByText(fieldMessages.mobilePhone)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('체류자격을 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('국적을 선택해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'workers')).toHaveLength(0);
  });

  it('registers a worker: dates as YYYY-MM-DD, identifiers as digits, an empty passport left out', async () => {
    signedInAs(server, 'admin');
    server.on('POST', 'workers', { status: 201, body: wireWorker({ id: 41 }) });
    server.on('GET', 'workers/41', { status: 200, body: wireWorker({ id: 41 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/new', server);

    await user.type(await screen.findByLabelText('한글 이름'), '응우옌 반 안');
    await user.type(screen.getByLabelText('성 (영문)'), 'nguyen');
    await user.type(screen.getByLabelText('이름 (영문)'), 'van an');
    await user.click(screen.getByText('남성'));
    await typeDate(user, '생년월일', '1995-04-12');
    await pickOption(user, '국적', '베트남');
    await user.type(screen.getByLabelText('외국인등록번호'), '9504125123456');
    await pickOption(user, '체류자격', 'E-9 비전문취업');
    await typeDate(user, '체류 만료일', '2027-01-31');
    await user.type(screen.getByLabelText('휴대전화'), '01098765432');
    await pickOption(user, '담당 지점', '서울 본점');
    await user.click(screen.getByRole('button', { name: '등록' }));

    await waitFor(() => expect(view.location()).toBe('/workers/41'));
    const [call] = server.callsTo('POST', 'workers');
    expect(call?.body).toMatchObject({
      name_ko: '응우옌 반 안',
      last_name: 'NGUYEN',
      first_name: 'VAN AN',
      gender: 'male',
      date_of_birth: '1995-04-12',
      nationality: 'VN',
      alien_reg_no: '9504125123456',
      visa_type: 'E-9',
      visa_expiry_date: '2027-01-31',
      phone_number: '01098765432',
      branch_id: 1,
      country: 'KR',
    });
    expect(call?.body).not.toHaveProperty('passport_no');
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('edits without resending the stored identifiers', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on('PATCH', 'workers/20', { status: 200, body: wireWorker({ version: 3 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/20?mode=edit', server);
    const alien = await screen.findByLabelText('외국인등록번호');
    expect(alien.getAttribute('placeholder')).toBe('변경할 때만 입력 (현재 950412-5******)');
    await user.clear(screen.getByLabelText('한글 이름'));
    await user.type(screen.getByLabelText('한글 이름'), '응우옌 반');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(view.location()).toBe('/workers/20'));
    const body = server.callsTo('PATCH', 'workers/20')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name_ko: '응우옌 반', version: 2, date_of_birth: '1995-04-12' });
    expect(body).not.toHaveProperty('alien_reg_no');
    expect(body).not.toHaveProperty('passport_no');
  });
});

const LABEL_12 = '#12 응우옌 반 안 · 용접공 모집 (계약 완료)';
const LABEL_15 = '#15 응우옌 반 안 · 포장 보조 (합격)';

describe('refusals that name matchings under way', () => {
  it('shows a worker edit refused with MATCHINGS_AFFECTED, each matching a link, and opens the one clicked', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on(
      'PATCH',
      'workers/20',
      errorReply(409, 'MATCHINGS_AFFECTED', '진행 중인 매칭 2건의 조건이 깨지므로 변경할 수 없습니다.', [
        {
          field: 'visa_expiry_date',
          message: `${LABEL_12}: 체류 만료일(2025-01-01)이 근무 시작일(2099-01-05)보다 앞섭니다.`,
          resource: 'matchings',
          id: 12,
          label: LABEL_12,
        },
        {
          field: 'visa_expiry_date',
          message: `${LABEL_15}: 체류 만료일(2025-01-01)이 근무 시작일(2099-02-01)보다 앞섭니다.`,
          resource: 'matchings',
          id: 15,
          label: LABEL_15,
        },
      ]),
    );
    server.on('GET', 'matchings/12', { status: 200, body: wireMatching({ id: 12, status: 'contracted' }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/20?mode=edit', server);
    await user.clear(await screen.findByLabelText('한글 이름'));
    await user.type(screen.getByLabelText('한글 이름'), '응우옌 반');
    await user.click(screen.getByRole('button', { name: '저장' }));

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('진행 중인 매칭 2건의 조건이 깨지므로 변경할 수 없습니다.')).toBeTruthy();
    expect(alert.getByText('체류 만료일(2025-01-01)이 근무 시작일(2099-01-05)보다 앞섭니다.')).toBeTruthy();
    const links = alert.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [LABEL_12, '/matchings/12'],
      [LABEL_15, '/matchings/15'],
    ]);
    // The field the refusal names is marked too; the form stays as typed.
    // (antd shows the field's message once the form has taken the error, a moment after the alert).
    await waitFor(() => expect(screen.getAllByText(/보다 앞섭니다/).length).toBeGreaterThan(2));
    expect(view.location()).toBe('/workers/20?mode=edit');

    await user.click(links[0]!);
    // The input is unsaved: the guard asks first.
    await user.click((await dialog('저장하지 않은 변경 사항')).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(view.location()).toBe('/matchings/12'));
  });

  it('shows 만료 when the visa has run out by its date, though it was entered as 유효', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', {
      status: 200,
      body: wireWorker({ visa_status: 'valid', visa_validity: 'expired', visa_expiry_date: '2000-01-01' }),
    });
    renderApp('/workers/20', server);
    const item = (await screen.findByText('비자 상태')).closest('tr') as HTMLElement;
    const cell = within(item);
    expect(cell.getByText('만료')).toBeTruthy();
    expect(cell.queryByText('유효')).toBeNull();
    expect(cell.getByText('체류 만료일이 지나 만료로 판정했습니다.')).toBeTruthy();
  });

  it('edits the declared 비자 상태, says that 만료 follows the 체류 만료일, and does not offer 심사 중', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', {
      status: 200,
      body: wireWorker({ visa_status: 'valid', visa_validity: 'expired' }),
    });
    renderApp('/workers/20?mode=edit', server);
    expect(
      await screen.findByText(
        '만료는 체류 만료일이 지나면 자동으로 판정됩니다. 심사 중은 체류기간 연장을 신청하면 설정됩니다.',
      ),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTitle('유효'));
    // 심사 중 comes from filing an extension (docs/DOMAIN.md#invariants): listed, never choosable.
    const pending = await waitFor(() => {
      const option = document.querySelector('.ant-select-item-option[title="심사 중"]');
      expect(option).not.toBeNull();
      return option!;
    });
    expect(pending.className).toMatch(/ant-select-item-option-disabled/);
    expect(document.querySelector('.ant-select-item-option[title="취소"]')?.className).not.toMatch(
      /disabled/,
    );
  });

  it('lists the matchings a refused delete points at in a dialog, closed by following a link', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on(
      'DELETE',
      'workers/20',
      errorReply(409, 'LIVE_MATCHINGS', '진행 중인 매칭이 있는 근로자는 삭제할 수 없습니다.', [
        { message: LABEL_12, resource: 'matchings', id: 12, label: LABEL_12 },
      ]),
    );
    server.on('GET', 'matchings/12', { status: 200, body: wireMatching({ id: 12, status: 'contracted' }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/20', server);
    await screen.findByText('950412-5******');
    await user.click(header().getByRole('button', { name: '삭제' }));
    const confirm = await dialog('삭제하시겠습니까?');
    // The worker's resumes go to the trash with it (docs/DOMAIN.md#invariants, I-22): the question says so.
    expect(confirm.getByText(/이력서도 함께 휴지통으로 옮겨집니다/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: '삭제' }));

    const refusal = await dialog('진행 중인 매칭이 있는 근로자는 삭제할 수 없습니다.');
    const link = refusal.getByRole('link', { name: LABEL_12 });
    // The toast stays quiet: the dialog says it, with the link.
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    await user.click(link);
    await waitFor(() => expect(view.location()).toBe('/matchings/12'));
    // Closing (happy-dom never ends antd's leave animation, so it stays in the DOM).
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-error')?.className).toMatch(/-leave/),
    );
  });

  it('shows a refused status change in its dialog with the matchings as links', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on(
      'POST',
      'workers/20/status',
      errorReply(
        409,
        'MATCHINGS_AFFECTED',
        '합격·계약·근무 중인 매칭이 있는 근로자는 출국 처리할 수 없습니다.',
        [
          {
            field: 'status',
            message: `${LABEL_15}: 출국 처리된 근로자입니다.`,
            resource: 'matchings',
            id: 15,
            label: LABEL_15,
          },
        ],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    await screen.findByText('950412-5******');
    await user.click(header().getByRole('button', { name: '출국 처리' }));
    const modal = await dialog('사유');
    await user.type(modal.getByLabelText('사유'), '귀국');
    await user.click(modal.getByRole('button', { name: '출국 처리' }));
    const alert = within(await modal.findByRole('alert'));
    expect(alert.getByRole('link', { name: LABEL_15 }).getAttribute('href')).toBe('/matchings/15');
    expect(alert.getByText('출국 처리된 근로자입니다.')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});

describe('worker detail: 취업활동 기간', () => {
  it('shows the period end and the 재고용 request deadline with their legal basis', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker({ entry_date: '2023-02-01' }) });
    renderApp('/workers/20', server);
    const end = (await screen.findByText('2026-01-31')).closest('td') as HTMLElement;
    expect(within(end).getByTestId('legal-basis').textContent).toContain('외국인고용법 제18조');
    const deadline = (await screen.findByText('2026-01-24')).closest('td') as HTMLElement;
    expect(within(deadline).getByTestId('legal-basis').textContent).toContain('제18조의2 제1항');
    expect(screen.getByText('재고용 신청 기한')).toBeTruthy();
  });

  it('shows the extended end once 재고용 is recorded', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', {
      status: 200,
      body: wireWorker({ entry_date: '2023-02-01', employment_period_end_date: '2027-11-30' }),
    });
    renderApp('/workers/20', server);
    const end = (await screen.findByText('2027-11-30')).closest('td') as HTMLElement;
    expect(within(end).getByText('재고용')).toBeTruthy();
    expect(within(end).getByTestId('legal-basis').textContent).toContain('제18조의2');
    expect(screen.getByText('재고용 기록됨')).toBeTruthy();
  });
});

describe('worker: 시간제취업허가 (D-2·D-4)', () => {
  const student = () =>
    wireWorker({
      visa_type: 'D-2',
      study_course: 'bachelor',
      part_time_permit_no: 'PT-2025-0001',
      part_time_permit_weekly_hours: 20,
      part_time_permit_valid_from: '2025-03-01',
      part_time_permit_valid_to: '2025-08-31',
    });

  it('shows the course, the permit and the hours the law allows on the worker page', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: student() });
    renderApp('/workers/20', server);
    expect(await screen.findByText('시간제취업허가 (D-2·D-4)')).toBeTruthy();
    expect(screen.getByText('학사')).toBeTruthy();
    expect(screen.getByText('PT-2025-0001')).toBeTruthy();
    expect(screen.getByText('2025-03-01 ~ 2025-08-31')).toBeTruthy();
    const hours = screen.getByText('주 20시간').closest('td') as HTMLElement;
    expect(within(hours).getByTestId('legal-basis').textContent).toContain('출입국관리법');
  });

  it('asks for them only for D-2/D-4, sends them, and puts the server’s refusal on the field', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: student() });
    server.on(
      'PATCH',
      'workers/20',
      errorReply(422, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'part_time_permit_weekly_hours', message: '허가 시간을 확인해 주세요.' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20?mode=edit', server);
    const hours = (await screen.findByLabelText('허가 주당 시간')) as HTMLInputElement;
    expect(hours.value).toBe('20');
    expect(screen.getByLabelText('시간제취업허가 번호')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('허가 시간을 확인해 주세요.')).toBeTruthy();
    expect(server.callsTo('PATCH', 'workers/20')[0]?.body).toMatchObject({
      study_course: 'bachelor',
      part_time_permit_no: 'PT-2025-0001',
      part_time_permit_weekly_hours: 20,
      part_time_permit_valid_from: '2025-03-01',
      part_time_permit_valid_to: '2025-08-31',
    });
  }, 45_000);

  it('has no permit fields for an E-9 worker, and clears them when the visa leaves D-2', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: student() });
    server.on('PATCH', 'workers/20', { status: 200, body: wireWorker({ version: 3 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/workers/20?mode=edit', server);
    await screen.findByLabelText('허가 주당 시간');
    await pickOption(user, '체류자격', 'E-9 비전문취업');
    await waitFor(() => expect(screen.queryByLabelText('허가 주당 시간')).toBeNull());
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(view.location()).toBe('/workers/20'));
    expect(server.callsTo('PATCH', 'workers/20')[0]?.body).toMatchObject({
      visa_type: 'E-9',
      study_course: null,
      part_time_permit_no: null,
      part_time_permit_weekly_hours: null,
      part_time_permit_valid_from: null,
      part_time_permit_valid_to: null,
    });
  }, 45_000);
});
