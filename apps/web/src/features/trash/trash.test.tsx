import { trashMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const item = (values: Record<string, unknown> = {}) => ({
  type: 'employer',
  id: 5,
  label: '복원상사',
  branch_name: '안산지점',
  deleted_at: '2026-11-20T01:00:00Z',
  deleted_by_name: '김관리',
  restorable_until: '2026-12-20T01:00:00Z',
  restorable: true,
  ...values,
});

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

describe('휴지통', () => {
  it('lists the deleted records of a kind and restores one after asking', async () => {
    signedInAs(server, 'admin');
    let deleted = true;
    server.on('GET', 'trash', () =>
      listReply(deleted ? [item(), item({ id: 6, label: '오래된상사', restorable: false })] : []),
    );
    server.on('POST', 'trash/employer/5/restore', () => {
      deleted = false;
      return { status: 200, body: { type: 'employer', id: 5, label: '복원상사' } };
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/trash', server);

    const row = (await screen.findByText('복원상사')).closest('tr') as HTMLElement;
    expect(within(row).getByText('안산지점')).toBeTruthy();
    expect(within(row).getByText('김관리')).toBeTruthy();
    const old = screen.getByText('오래된상사').closest('tr') as HTMLElement;
    expect(within(old).getByText('기한 지남')).toBeTruthy();
    expect((within(old).getByRole('button', { name: /복원/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.callsTo('GET', 'trash')[0]?.params).toMatchObject({ type: 'employer', page: 1 });

    // The kinds an admin may edit, 공지사항 included.
    expect(screen.getByText('공지사항')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /복원/ }));
    const confirm = await screen.findByText("'복원상사'을(를) 복원할까요?");
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: '복원' }));
    await waitFor(() => expect(server.callsTo('POST', 'trash/employer/5/restore')).toHaveLength(1));
    expect(await screen.findByText("'복원상사'을(를) 복원했습니다.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('오래된상사')).toBeNull());
  });

  it('offers a branch manager the kinds they edit, without 공지사항', async () => {
    signedInAs(server, 'branch_manager');
    server.on('GET', 'trash', listReply([]));
    renderApp('/trash', server);
    expect(await screen.findByText('삭제된 기록이 없습니다.')).toBeTruthy();
    expect(screen.getByText('사업주')).toBeTruthy();
    expect(screen.queryByText('공지사항')).toBeNull();
  });

  describe('a refused restore (docs/undo-and-trash.md)', () => {
    async function restoreRefusedWith(reply: ReturnType<typeof errorReply>) {
      signedInAs(server, 'admin');
      server.on('GET', 'trash', listReply([item()]));
      server.on('POST', 'trash/employer/5/restore', reply);
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderApp('/trash', server);
      const row = (await screen.findByText('복원상사')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: /복원/ }));
      const popover = (await screen.findByText("'복원상사'을(를) 복원할까요?")).closest(
        '.ant-popover',
      ) as HTMLElement;
      await user.click(within(popover).getByRole('button', { name: '복원' }));
      await waitFor(() => expect(server.callsTo('POST', 'trash/employer/5/restore')).toHaveLength(1));
    }

    it('opens a dialog with the rule and a link to the branch in the way, which stays until closed', async () => {
      const message = trashMessages.branchInactive('안산지점');
      await restoreRefusedWith(
        errorReply(409, 'CONFLICT', message, [
          { message: '안산지점', resource: 'branches', id: 3, label: '안산지점' },
        ]),
      );
      const refusal = await dialog('복원할 수 없습니다');
      expect(refusal.getByText(message)).toBeTruthy();
      expect(refusal.getByText('걸리는 기록')).toBeTruthy();
      expect(refusal.getByRole('link', { name: '안산지점' }).getAttribute('href')).toBe('/branches/3');
      // Not a toast: the message is not repeated as one, and the dialog waits for 닫기 (closing: e2e/tests/refusals.spec.ts).
      expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
      expect(refusal.getByRole('button', { name: '닫기' })).toBeTruthy();
    });

    it('lists a reason that names no page (a parent in the trash) as text', async () => {
      await restoreRefusedWith(
        errorReply(409, 'CONFLICT', trashMessages.employerDeleted, [
          { message: trashMessages.parentInTrash('사업주', '폐업상사'), label: '폐업상사' },
        ]),
      );
      const refusal = await dialog('복원할 수 없습니다');
      expect(refusal.getByText(trashMessages.employerDeleted)).toBeTruthy();
      expect(refusal.getByText('사업주 폐업상사: 휴지통에 있습니다.')).toBeTruthy();
      expect(refusal.queryByRole('link')).toBeNull();
    });

    it('leaves a server failure to the passing toast', async () => {
      await restoreRefusedWith(errorReply(500, 'SERVER_ERROR', '서버 오류'));
      await waitFor(() => expect(document.querySelectorAll('.ant-message-notice').length).toBeGreaterThan(0));
      expect(screen.queryByText('복원할 수 없습니다')).toBeNull();
    });
  });
});
