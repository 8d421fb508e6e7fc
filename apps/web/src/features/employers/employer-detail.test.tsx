import { recordMessages, undoMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import {
  errorReply,
  listReply,
  signedInAs,
  wireEmployer,
  wireJobPost,
  wireMatching,
  withLookups,
} from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

function header() {
  return within(screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement);
}

describe('employer detail', () => {
  it('offers exactly the transitions of a pending employer, and rejecting needs a reason', async () => {
    signedInAs(server, 'admin');
    let status = 'pending';
    server.on('GET', 'employers/10', () => ({
      status: 200,
      body: wireEmployer(
        status === 'pending'
          ? {}
          : { status, status_reason: '서류 미비', status_changed_at: '2024-05-03T01:00:00Z' },
      ),
    }));
    server.on('POST', 'employers/10/status', () => {
      status = 'rejected';
      return { status: 200, body: wireEmployer({ status }) };
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/10', server);

    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    const actions = header()
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(actions).toEqual(['삭제', '수정', '승인', '반려', '탈퇴 처리']);
    expect(header().getByText('승인 대기')).toBeTruthy();
    expect(screen.getByText('124-81-00998')).toBeTruthy();

    await user.click(header().getByRole('button', { name: '반려' }));
    const modal = await dialog("현재 상태 '승인 대기'에서 '반려'(으)로 변경합니다.");
    await user.click(modal.getByRole('button', { name: '반려' }));
    expect(await modal.findByText(recordMessages.reasonRequired)).toBeTruthy();
    expect(server.callsTo('POST', 'employers/10/status')).toHaveLength(0);

    await user.type(modal.getByRole('textbox'), '서류 미비');
    await user.click(modal.getByRole('button', { name: '반려' }));
    await waitFor(() => expect(server.callsTo('POST', 'employers/10/status')).toHaveLength(1));
    expect(server.callsTo('POST', 'employers/10/status')[0]?.body).toEqual({
      status: 'rejected',
      reason: '서류 미비',
      version: 3,
    });
    // Reloaded: the new status, its reason, and the buttons a rejected employer allows.
    expect(await screen.findByText('반려 사유: 서류 미비')).toBeTruthy();
    await waitFor(() =>
      expect(
        header()
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['삭제', '수정', '재심사 요청', '탈퇴 처리']),
    );
  });

  it('offers 되돌리기 in the toast after a status change, which puts it back (docs/undo-and-trash.md)', async () => {
    signedInAs(server, 'admin');
    let status = 'pending';
    let version = 3;
    server.on('GET', 'employers/10', () => ({ status: 200, body: wireEmployer({ status, version }) }));
    server.on('POST', 'employers/10/status', () => {
      status = 'approved';
      version = 4;
      return { status: 200, body: wireEmployer({ status, version }) };
    });
    server.on('POST', 'undo', () => {
      status = 'pending';
      version = 5;
      return { status: 200, body: { target_type: 'employer', target_id: 10, version: 5, restored: 1 } };
    });
    // antd's toast layer is pointer-events: none with its notices back to auto, which jsdom cannot compute.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/employers/10', server);

    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    await user.click(header().getByRole('button', { name: '승인' }));
    const modal = await dialog("현재 상태 '승인 대기'에서 '승인'(으)로 변경합니다.");
    await user.click(modal.getByRole('button', { name: '승인' }));
    await screen.findByText("'승인' 처리되었습니다.");
    await waitFor(() => expect(header().getByText('승인')).toBeTruthy());

    await user.click(await screen.findByRole('button', { name: '되돌리기' }));
    await waitFor(() => expect(server.callsTo('POST', 'undo')).toHaveLength(1));
    expect(server.callsTo('POST', 'undo')[0]?.body).toEqual({
      target_type: 'employer',
      target_id: 10,
      version: 4,
    });
    expect(await screen.findByText('변경을 되돌렸습니다.')).toBeTruthy();
    await waitFor(() => expect(header().getByText('승인 대기')).toBeTruthy());
  });

  it('shows a refused undo in a dialog naming the rule and linking the post approved since', async () => {
    signedInAs(server, 'admin');
    let status = 'pending';
    server.on('GET', 'employers/10', () => ({ status: 200, body: wireEmployer({ status, version: 3 }) }));
    server.on('POST', 'employers/10/status', () => {
      status = 'approved';
      return { status: 200, body: wireEmployer({ status, version: 4 }) };
    });
    const message = undoMessages.employerHasOpenWork('승인 대기', ['#77 도장공 모집'], []);
    server.on(
      'POST',
      'undo',
      errorReply(409, 'INVALID_TRANSITION', message, [
        { message: '#77 도장공 모집', resource: 'job-posts', id: 77, label: '#77 도장공 모집' },
      ]),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/employers/10', server);

    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    await user.click(header().getByRole('button', { name: '승인' }));
    const modal = await dialog("현재 상태 '승인 대기'에서 '승인'(으)로 변경합니다.");
    await user.click(modal.getByRole('button', { name: '승인' }));
    await user.click(await screen.findByRole('button', { name: '되돌리기' }));
    const refusal = await dialog('되돌릴 수 없습니다');
    expect(refusal.getByText(message)).toBeTruthy();
    expect(refusal.getByRole('link', { name: '#77 도장공 모집' }).getAttribute('href')).toBe('/job-posts/77');
    // Not the passing toast: the refusal is not repeated as one.
    expect(screen.queryAllByText(message)).toHaveLength(1);
  });

  it('shows the approval record and no actions to a viewer', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'employers/10', {
      status: 200,
      body: wireEmployer({
        status: 'approved',
        approved_at: '2024-05-03T01:00:00Z',
        approved_by: 1,
        approved_by_name: '김관리',
      }),
    });
    renderApp('/employers/10', server);
    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    expect(header().queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('승인 정보')).toBeTruthy();
    const approver = within(screen.getByText('승인자').closest('tr') as HTMLElement);
    expect(approver.getByText('김관리')).toBeTruthy();
    expect(approver.getByText('2024-05-03 10:00')).toBeTruthy();
  });

  it("gives a branch manager an approved employer's actions, without delete", async () => {
    signedInAs(server, 'branch_manager');
    server.on('GET', 'employers/10', { status: 200, body: wireEmployer({ status: 'approved' }) });
    renderApp('/employers/10', server);
    await screen.findByRole('heading', { name: '가나다제조 주식회사' });
    // employers:write and employers:approve: suspend and withdraw; the server deletes only pending or rejected ones.
    expect(
      header()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['수정', '이용 정지', '탈퇴 처리']);
  });

  it('says the employer was not found, with the way back to the list', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers/404', errorReply(404, 'NOT_FOUND', '요청한 데이터를 찾을 수 없습니다.'));
    renderApp('/employers/404', server);
    expect(await screen.findByText('데이터를 찾을 수 없습니다')).toBeTruthy();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/employers');
  });

  it('lists the history from the access log, with the changed fields in Korean', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers/10', { status: 200, body: wireEmployer() });
    server.on('GET', 'employers/10/history', {
      status: 200,
      body: {
        data: [
          {
            id: 7,
            created_at: '2024-05-02T03:00:00Z',
            action: 'UPDATE',
            actor_login_id: 'admin',
            summary: '사업주 수정: 가나다제조 주식회사',
            diff: { ceo_name: { before: '김철수', after: '홍길동' } },
            reason: null,
          },
        ],
      },
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/10', server);
    await user.click(await screen.findByRole('tab', { name: '변경 이력' }));
    expect(view.location()).toBe('/employers/10?tab=history');
    expect(await screen.findByText('사업주 수정: 가나다제조 주식회사')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /expand|펼치기|행 펼치기/i }));
    const change = within((await screen.findByText('김철수')).closest('tr') as HTMLElement);
    expect(change.getByText('대표자명')).toBeTruthy();
    expect(change.getByText('홍길동')).toBeTruthy();
  });

  it("lists the employer's job posts and matchings in their tabs", async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers/10', { status: 200, body: wireEmployer({ status: 'approved' }) });
    server.on('GET', 'job-posts', listReply([wireJobPost()]));
    server.on('GET', 'matchings', listReply([wireMatching({ status: 'working' })]));
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/10', server);
    await user.click(await screen.findByRole('tab', { name: '채용공고' }));
    expect(await screen.findByText('자동차 부품 생산직')).toBeTruthy();
    expect(server.callsTo('GET', 'job-posts')[0]?.params).toMatchObject({ employer_id: '10', page_size: 10 });
    expect(view.location()).toBe('/employers/10?tab=job-posts');

    await user.click(screen.getByRole('tab', { name: '매칭' }));
    expect(await screen.findByText('응우옌 반 안')).toBeTruthy();
    expect(screen.getByText('근무 중')).toBeTruthy();
    expect(server.callsTo('GET', 'matchings')[0]?.params).toMatchObject({ employer_id: '10' });
  });

  it('lists the workers working at the employer in the 근로자 tab', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers/10', { status: 200, body: wireEmployer({ status: 'approved' }) });
    server.on('GET', 'matchings', listReply([wireMatching({ status: 'working' })]));
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/10', server);
    await user.click(await screen.findByRole('tab', { name: '근로자' }));
    expect(await screen.findByText('응우옌 반 안')).toBeTruthy();
    expect(server.callsTo('GET', 'matchings')[0]?.params).toMatchObject({
      employer_id: '10',
      status: 'working',
    });
  });

  it('shows the 고용허가 section: permits, the use of the 고용허용인원 with its basis, and adds a permit', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'employers/10', { status: 200, body: wireEmployer({ status: 'approved' }) });
    const basis = {
      law: '외국인근로자의 고용 등에 관한 법률',
      article: '제8조, 시행령 제13조의4',
      effective_from: '2004-08-17',
      verify: '수치 확인 필요',
    };
    const permit = {
      id: 7,
      employer_id: 10,
      type: 'employment_permit',
      permit_no: '2026-000123',
      valid_from: '2026-01-01',
      valid_to: '2028-12-31',
      headcount: 10,
      visa: 'E-9',
      note: '',
      created_by: 1,
      created_at: '2026-01-02T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
      version: 1,
    };
    server.on('GET', 'employers/10/permits', {
      status: 200,
      body: {
        data: [permit],
        insured_employees: 1,
        date: '2026-12-04',
        usage: [
          {
            visa: 'E-9',
            permit: 'employment_permit',
            used: 5,
            used_all_eps: 5,
            permit_headcount: 10,
            quota: 5,
            limit: 5,
            basis: { ...basis, article: '제8조' },
            quota_basis: basis,
          },
        ],
      },
    });
    server.on('POST', 'employers/10/permits', { status: 201, body: { ...permit, id: 8 } });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/employers/10', server);
    await user.click(await screen.findByRole('tab', { name: '고용허가' }));
    expect(view.location()).toBe('/employers/10?tab=permits');
    expect((await screen.findByTestId('permit-usage-E-9')).textContent).toBe('고용허용인원 사용: 5 / 5명');
    expect(screen.getByText('2026-000123')).toBeTruthy();
    expect(screen.getAllByTestId('legal-basis').length).toBe(2);

    await user.click(screen.getByRole('button', { name: /고용허가 등록/ }));
    const modal = await dialog('고용허가 등록');
    await user.click(modal.getByRole('button', { name: '저장' }));
    expect(server.callsTo('POST', 'employers/10/permits')).toHaveLength(0);
    expect((await modal.findAllByText('필수 입력 항목입니다.')).length).toBeGreaterThan(0);
  });
});
