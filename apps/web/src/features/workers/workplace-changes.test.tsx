import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog, pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, signedInAs, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

const basis = (article: string) => ({
  law: '외국인근로자의 고용 등에 관한 법률',
  article,
  effectiveFrom: '2009-10-09',
});

const change = {
  id: 7,
  worker_id: 20,
  request_date: '2026-10-01',
  cause: 'worker_request',
  approved: true,
  approval_date: '2026-10-05',
  approval_no: 'AB-1',
  from_employer_id: null,
  from_employer_name: null,
  note: '임금 체불',
  created_by_name: '김관리',
  created_at: '2026-10-01T00:00:00Z',
  updated_at: '2026-10-01T00:00:00Z',
  version: 1,
};

const reply = {
  data: [change],
  count: { used: 3, limit: 3, left: 0, basis: basis('제25조 제4항') },
  job_search: {
    change_id: 7,
    request_date: '2026-10-01',
    deadline: '2027-01-01',
    basis: basis('제25조 제3항'),
  },
};

describe('사업장 변경 on the worker page', () => {
  it('shows the changes used and left and the job-search deadline, each with its basis, and the records', async () => {
    signedInAs(server, 'viewer');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on('GET', 'workers/20/workplace-changes', { status: 200, body: reply });
    renderApp('/workers/20', server);
    // The page first (its lazy chunks are slow on a busy machine), then the section.
    await screen.findByText('950412-5******');
    const section = within(await screen.findByTestId('workplace-changes'));
    expect(await section.findByText('3회 사용 / 3회 중 0회 남음')).toBeTruthy();
    expect(section.getByText('2027-01-01까지 (2026-10-01 신청)')).toBeTruthy();
    expect(section.getAllByTestId('legal-basis').map((node) => node.textContent)).toEqual([
      expect.stringContaining('제25조 제4항'),
      expect.stringContaining('제25조 제3항'),
    ]);
    expect(section.getByText('임금 체불')).toBeTruthy();
    // A viewer writes nothing.
    expect(section.queryByRole('button', { name: '변경 등록' })).toBeNull();
    expect(section.queryByRole('button', { name: '삭제' })).toBeNull();
  });

  it('names another branch’s employer only as such', async () => {
    signedInAs(server, 'branch_manager');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    const hidden = {
      ...change,
      from_employer_id: null,
      from_employer_name: null,
      from_employer_other_branch: true,
    };
    server.on('GET', 'workers/20/workplace-changes', { status: 200, body: { ...reply, data: [hidden] } });
    renderApp('/workers/20', server);
    await screen.findByText('950412-5******');
    const section = within(await screen.findByTestId('workplace-changes'));
    expect(await section.findByText('다른 지점 사업주')).toBeTruthy();
  });

  it('adds a change in a modal, and shows the held matchings a refused one would break', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    server.on('GET', 'workers/20/workplace-changes', { status: 200, body: { ...reply, data: [] } });
    server.on(
      'POST',
      'workers/20/workplace-changes',
      errorReply(409, 'MATCHINGS_AFFECTED', '진행 중인 매칭 1건이 사업장 변경 허용 횟수를 넘게 됩니다.', [
        {
          field: 'approved',
          message: '#3 응우옌 반 안 · 생산직',
          resource: 'matchings',
          id: 3,
          label: '#3 응우옌 반 안 · 생산직',
        },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/20', server);
    // The page first (its lazy chunks are slow on a busy machine), then the section.
    await screen.findByText('950412-5******');
    const section = within(await screen.findByTestId('workplace-changes'));
    await user.click(await section.findByRole('button', { name: '변경 등록' }));
    const modal = await dialog('사업장 변경 등록');
    await pickOption(user, '변경 사유', '근로자 신청');
    await user.click(modal.getByRole('button', { name: /저\s?장/ }));
    await waitFor(() => expect(server.callsTo('POST', 'workers/20/workplace-changes')).toHaveLength(1));
    expect(server.callsTo('POST', 'workers/20/workplace-changes')[0]?.body).toMatchObject({
      cause: 'worker_request',
      approved: false,
      approval_date: null,
    });
    expect(await modal.findByText('#3 응우옌 반 안 · 생산직')).toBeTruthy();
  });
});
