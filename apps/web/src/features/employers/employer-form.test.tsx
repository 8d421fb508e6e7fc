import { fieldMessages, recordMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog, pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, wireEmployer, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
});

async function fillValidEmployer(user: User, businessRegNo = '1248100998') {
  await user.type(await screen.findByLabelText('상호(회사명)'), '가나다제조 주식회사');
  await user.type(screen.getByLabelText('사업자등록번호'), businessRegNo);
  await user.type(screen.getByLabelText('대표자명'), '홍길동');
  await user.click(screen.getByText('법인'));
  await pickOption(user, '업종', '제조업');
  await pickOption(user, '시도', '경기도');
  await user.type(screen.getByLabelText('우편번호'), '15588');
  await user.type(screen.getByLabelText('대표 전화'), '0314001234');
  await user.type(screen.getByLabelText('도로명 주소'), '경기도 안산시 단원구 산단로 100');
  await pickOption(user, '담당 지점', '서울 본점');
}

const submit = (user: User, name = '등록') => user.click(screen.getByRole('button', { name }));

describe('employer form', () => {
  it('asks for every required field in Korean and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    await screen.findByLabelText('상호(회사명)');
    await submit(user);

    // 상호, 사업자등록번호, 대표자명, 우편번호, 대표 전화, 도로명 주소
    await waitFor(() => expect(screen.getAllByText(fieldMessages.required)).toHaveLength(6));
    expect(await screen.findByText('사업자 유형을 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('업종을 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('시도를 선택해 주세요.')).toBeTruthy();
    expect(await screen.findByText('담당 지점을 선택해 주세요.')).toBeTruthy();
    expect(screen.getByLabelText('상호(회사명)').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', 'employers')).toHaveLength(0);
  });

  it('takes typing in 업종: the options narrow to the Korean names that match, and one is picked', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    const industry = await screen.findByRole('combobox', { name: '업종' });
    await user.click(industry);
    const shown = () =>
      [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    await waitFor(() => expect(shown()).toContain('제조업'));
    expect(shown().length).toBeGreaterThan(8);

    await user.type(industry, '서비스');
    await waitFor(() => expect(shown()).toEqual(['기타 서비스업']));
    await user.clear(industry);
    await user.type(industry, '축산');
    await waitFor(() => expect(shown()).toEqual(['축산업']));
    await user.click(document.querySelector('.ant-select-item-option[title="축산업"]')!);
    // The pick shows in the select itself, the list closed.
    const select = industry.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(select).getByTitle('축산업')).toBeTruthy());
    expect(industry.getAttribute('aria-expanded')).toBe('false');
  });

  it('checks the 사업자등록번호 check digit and dashes it as typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    const input = await screen.findByLabelText('사업자등록번호');
    await user.type(input, '1248100997');
    expect((input as HTMLInputElement).value).toBe('124-81-00997');
    expect(await screen.findByText(fieldMessages.businessRegNo)).toBeTruthy();

    await user.clear(input);
    await user.type(input, '1248100998');
    await waitFor(() => expect(screen.queryByText(fieldMessages.businessRegNo)).toBeNull());
  });

  it('registers: digits on the wire, one idempotency key, then the new detail page', async () => {
    server.on('POST', 'employers', { status: 201, body: wireEmployer({ id: 31 }) });
    server.on('GET', 'employers/31', { status: 200, body: wireEmployer({ id: 31 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/new', server);
    await fillValidEmployer(user);
    await submit(user);

    expect(await screen.findByRole('heading', { name: '가나다제조 주식회사' })).toBeTruthy();
    expect(view.location()).toBe('/employers/31');
    const [call] = server.callsTo('POST', 'employers');
    expect(call?.body).toMatchObject({
      company_name: '가나다제조 주식회사',
      business_reg_no: '1248100998',
      biz_entity_type: 'corporation',
      industry: 'manufacturing',
      region: '경기도',
      zip_code: '15588',
      phone: '0314001234',
      branch_id: 1,
      opening_date: null,
      employee_count: 0,
    });
    expect(call?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('retries a create that met a network failure with the same idempotency key', async () => {
    server.on('POST', 'employers', (_request, count) =>
      count === 1 ? { networkError: true } : { status: 201, body: wireEmployer({ id: 32 }) },
    );
    server.on('GET', 'employers/32', { status: 200, body: wireEmployer({ id: 32 }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    await fillValidEmployer(user);
    await submit(user);

    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    const calls = server.callsTo('POST', 'employers');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['Idempotency-Key']).toBe(calls[0]?.headers['Idempotency-Key']);
  });

  it('shows a duplicate 사업자등록번호 (409) on its field and stays on the form', async () => {
    server.on(
      'POST',
      'employers',
      errorReply(409, 'CONFLICT', recordMessages.duplicateBusinessRegNo, [
        { field: 'business_reg_no', message: recordMessages.duplicateBusinessRegNo },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/new', server);
    await fillValidEmployer(user);
    await submit(user);

    expect(await screen.findByText(recordMessages.duplicateBusinessRegNo)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('사업자등록번호').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(view.location()).toBe('/employers/new');
    // A 409 is not retried: the second answer would be the same.
    expect(server.callsTo('POST', 'employers')).toHaveLength(1);
  });

  it('maps 422 details onto their fields and lists the rest above the form', async () => {
    server.on(
      'POST',
      'employers',
      errorReply(422, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'zip_code', message: '존재하지 않는 우편번호입니다.' },
        { message: '하루 등록 한도를 넘었습니다.' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    await fillValidEmployer(user);
    await submit(user);

    expect(await screen.findByText('존재하지 않는 우편번호입니다.')).toBeTruthy();
    expect(screen.getByText('하루 등록 한도를 넘었습니다.').closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('우편번호').getAttribute('aria-invalid')).toBe('true'));
  });

  it('on a stale version: keeps the input under a conflict dialog, then reloads the latest on request', async () => {
    let version = 3;
    server.on('GET', 'employers/10', () => ({
      status: 200,
      body: wireEmployer({ version, ceo_name: version === 3 ? '홍길동' : '김새사장' }),
    }));
    server.on('PATCH', 'employers/10', (request) => {
      const sent = (request.body as { version: number }).version;
      if (sent !== version) {
        return errorReply(409, 'CONFLICT', recordMessages.versionConflict);
      }
      return { status: 200, body: wireEmployer({ version: version + 1 }) };
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/10?mode=edit', server);
    const ceo = await screen.findByLabelText('대표자명');
    expect(await screen.findByRole('heading', { name: '가나다제조 주식회사 정보 수정' })).toBeTruthy();
    await user.clear(ceo);
    await user.type(ceo, '내가 고친 이름');
    version = 4; // someone else saved meanwhile
    await submit(user, '저장');

    const conflict = await dialog('다른 사용자가 먼저 수정했습니다');
    expect((screen.getByLabelText('대표자명') as HTMLInputElement).value).toBe('내가 고친 이름');
    // Compared: only the field that differs, the input beside the saved value.
    const compared = await conflict.findByRole('table', { name: '내 입력과 최신 내용 비교' });
    const cells = within(compared)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([['대표자명', '내가 고친 이름', '김새사장']]);
    expect(server.callsTo('PATCH', 'employers/10')[0]?.body).toMatchObject({
      version: 3,
      ceo_name: '내가 고친 이름',
    });

    await user.click(conflict.getByRole('button', { name: '최신 내용 불러오기' }));
    await waitFor(() =>
      expect((screen.getByLabelText('대표자명') as HTMLInputElement).value).toBe('김새사장'),
    );

    await submit(user, '저장');
    await waitFor(() => expect(server.callsTo('PATCH', 'employers/10')).toHaveLength(2));
    expect(server.callsTo('PATCH', 'employers/10')[1]?.body).toMatchObject({ version: 4 });
  });

  it('asks before leaving a form with unsaved input', async () => {
    server.on('GET', 'branches', listReply([]));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/new', server);
    await user.type(await screen.findByLabelText('상호(회사명)'), '작성 중');
    await user.click(screen.getByRole('link', { name: '지점 관리' }));

    const ask = await dialog('저장하지 않은 변경 사항이 있습니다');
    await user.click(ask.getByRole('button', { name: '계속 작성' }));
    expect(view.location()).toBe('/employers/new');
    expect((screen.getByLabelText('상호(회사명)') as HTMLInputElement).value).toBe('작성 중');

    await user.click(screen.getByRole('button', { name: '취소' }));
    const again = await dialog('저장하지 않은 변경 사항이 있습니다');
    await user.click(again.getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(view.location()).toBe('/employers'));
  });
});
