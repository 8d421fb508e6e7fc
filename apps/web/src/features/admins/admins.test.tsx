import { adminMessages, fieldMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { koAdmins } from '../../locales/ko/admins';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

const t = koAdmins;
let server: MockServer;
// Typing into modal forms is slow under happy-dom on a busy machine.
const SLOW = 45_000;

const stamp = { created_at: '2024-05-01T01:00:00.000Z', updated_at: '2024-05-02T02:00:00.000Z' };

function wireAdmin(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    login_id: 'admin',
    email: 'admin@ilson.local',
    name: '김관리',
    phone: '01012345678',
    role: 'super_admin',
    branch_id: null,
    branch_name: null,
    status: 'active',
    failed_login_count: 0,
    locked_until: null,
    must_change_password: false,
    password_changed_at: '2024-05-01T01:00:00.000Z',
    last_login_at: '2024-05-03T01:00:00.000Z',
    last_login_ip: '10.0.0.1',
    ...stamp,
    version: 1,
    ...overrides,
  };
}

const staff = wireAdmin({
  id: 2,
  login_id: 'park',
  email: 'park@ilson.test',
  name: '박직원',
  role: 'admin',
  last_login_at: null,
  last_login_ip: null,
});
const locked = wireAdmin({
  id: 3,
  login_id: 'lee',
  email: 'lee@ilson.test',
  name: '이지점',
  role: 'branch_manager',
  branch_id: 1,
  branch_name: '서울 본점',
  status: 'locked',
  failed_login_count: 5,
  locked_until: '2099-01-01T00:00:00.000Z',
  version: 4,
});

beforeEach(() => {
  server = withLookups(createMockServer());
  server.on('GET', 'admins', listReply([wireAdmin(), staff, locked]));
  signIn();
});

async function openMore(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: new RegExp(`${name} ${t.more}`) }));
  return user;
}

/** The item of the dropdown opened last (closed ones stay in the document). */
async function pickMenuItem(user: ReturnType<typeof userEvent.setup>, label: string) {
  const items = await screen.findAllByRole('menuitem', { name: label });
  await user.click(items.at(-1)!);
}

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, title: string, ok: string) {
  const dialog = (await screen.findAllByRole('dialog')).find((d) => d.textContent?.includes(title));
  expect(dialog).toBeTruthy();
  await user.click(within(dialog as HTMLElement).getByRole('button', { name: ok }));
}

describe('/settings/admins', () => {
  it('refuses a role without admins:manage and never asks the server', async () => {
    signedInAs(server, 'admin');
    renderApp('/settings/admins', server);
    expect(await screen.findByText(t.forbidden)).toBeTruthy();
    expect(server.callsTo('GET', 'admins')).toHaveLength(0);
  });

  it('lists admins with role, branch, status, lock and self marker, and filters by role', async () => {
    signedInAs(server, 'super_admin');
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/settings/admins', server);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('박직원')).toBeTruthy();
    expect(within(table).getByText(t.me)).toBeTruthy();
    expect(within(table).getByText('잠김')).toBeTruthy();
    expect(within(table).getByText('서울 본점')).toBeTruthy();
    expect(within(table).getByText('지점 관리자')).toBeTruthy();
    expect(within(table).getAllByText('010-1234-5678')).toHaveLength(3);
    expect(within(table).getByText(t.never)).toBeTruthy();

    await user.click(screen.getByLabelText(t.fields.role));
    await user.click(await screen.findByTitle('지점 관리자'));
    await waitFor(() =>
      expect(server.callsTo('GET', 'admins').at(-1)?.params).toMatchObject({ role: 'branch_manager' }),
    );
    expect(view.location()).toBe('/settings/admins?role=branch_manager');
  });

  it(
    'invites an admin and shows the temporary password once, with a copy button and a warning',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('POST', 'admins', (request) => ({
        status: 201,
        body: {
          admin: wireAdmin({ id: 9, ...(request.body as object), must_change_password: true }),
          temporary_password: 'Tmp-Pass-7xQ2',
        },
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings/admins', server);
      await user.click(await screen.findByRole('button', { name: new RegExp(t.create) }));
      const form = await screen.findByRole('form', { name: t.createTitle });
      await user.type(within(form).getByLabelText(t.fields.loginId), 'Choi.New');
      await user.type(within(form).getByLabelText(t.fields.name), '최신규');
      await user.type(within(form).getByLabelText(t.fields.email), 'choi@ilson.test');
      await user.click(within(form).getByLabelText(t.fields.role));
      await user.click(await screen.findByTitle('관리자'));
      expect(within(form).getByText(t.help.invite)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: t.createSubmit }));

      expect(await screen.findByText('Tmp-Pass-7xQ2')).toBeTruthy();
      expect(screen.getByText(t.temporary.warningTitle)).toBeTruthy();
      expect(screen.getByText(t.temporary.label('choi.new'))).toBeTruthy();
      expect(screen.getByRole('button', { name: new RegExp(t.temporary.copy) })).toBeTruthy();
      expect(server.callsTo('POST', 'admins')[0]?.body).toEqual({
        login_id: 'choi.new',
        name: '최신규',
        email: 'choi@ilson.test',
        phone: '',
        role: 'admin',
        branch_id: null,
        invite: true,
      });
    },
    SLOW,
  );

  it(
    'with a chosen password: the policy and the confirmation are checked before sending',
    async () => {
      signedInAs(server, 'super_admin');
      const user = userEvent.setup({ delay: null });
      renderApp('/settings/admins', server);
      await user.click(await screen.findByRole('button', { name: new RegExp(t.create) }));
      const form = await screen.findByRole('form', { name: t.createTitle });
      await user.click(within(form).getByLabelText(t.passwordModes.password));
      // The password fields appear once the form re-renders with the chosen mode (a moment later on a busy machine).
      await user.type(await within(form).findByLabelText(t.fields.password), 'abcd1234');
      await user.type(within(form).getByLabelText(t.fields.passwordConfirm), 'abcd12345');
      await user.click(within(form).getByLabelText(t.fields.role));
      await user.click(await screen.findByTitle('지점 관리자'));
      await user.click(screen.getByRole('button', { name: t.createSubmit }));

      expect(await within(form).findByText(fieldMessages.passwordPolicy)).toBeTruthy();
      // antd shows each field's message once its own validator settles: the custom ones a moment later.
      expect(await within(form).findByText(t.passwordMismatch)).toBeTruthy();
      expect(await within(form).findByText(adminMessages.branchRequired)).toBeTruthy();
      expect(server.callsTo('POST', 'admins')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows a duplicate login id from the server on its field',
    async () => {
      signedInAs(server, 'super_admin');
      server.on(
        'POST',
        'admins',
        errorReply(409, 'CONFLICT', adminMessages.duplicateLoginId, [
          { field: 'login_id', message: adminMessages.duplicateLoginId },
        ]),
      );
      const user = userEvent.setup({ delay: null });
      renderApp('/settings/admins', server);
      await user.click(await screen.findByRole('button', { name: new RegExp(t.create) }));
      const form = await screen.findByRole('form', { name: t.createTitle });
      await user.type(within(form).getByLabelText(t.fields.loginId), 'park');
      await user.type(within(form).getByLabelText(t.fields.name), '박중복');
      await user.type(within(form).getByLabelText(t.fields.email), 'other@ilson.test');
      await user.click(within(form).getByLabelText(t.fields.role));
      await user.click(await screen.findByTitle('조회 전용'));
      await user.click(screen.getByRole('button', { name: t.createSubmit }));
      expect(await within(form).findByText(adminMessages.duplicateLoginId)).toBeTruthy();
      await waitFor(() =>
        expect(within(form).getByLabelText(t.fields.loginId).getAttribute('aria-invalid')).toBe('true'),
      );
    },
    SLOW,
  );

  it(
    'demoting the only super admin shows the server’s Korean reason on the role field',
    async () => {
      signedInAs(server, 'super_admin');
      server.on(
        'PATCH',
        'admins/1',
        errorReply(422, 'VALIDATION_ERROR', adminMessages.lastSuperAdmin, [
          { field: 'role', message: adminMessages.lastSuperAdmin },
        ]),
      );
      const user = userEvent.setup({ delay: null });
      renderApp('/settings/admins', server);
      const table = await screen.findByRole('table');
      await within(table).findByText('박직원');
      await user.click(within(table).getAllByRole('button', { name: t.edit })[0]!);
      const form = await screen.findByRole('form', { name: t.editTitle('김관리') });
      expect(within(form).getByText(t.help.selfRole)).toBeTruthy();
      await user.click(within(form).getByLabelText(t.fields.role));
      await user.click(await screen.findByTitle('관리자'));
      await user.click(screen.getByRole('button', { name: t.editSubmit }));

      expect(await within(form).findByText(adminMessages.lastSuperAdmin)).toBeTruthy();
      expect(server.callsTo('PATCH', 'admins/1')[0]?.body).toMatchObject({ role: 'admin', version: 1 });
    },
    SLOW,
  );

  it('resets a password after confirming, then shows the new temporary password', async () => {
    signedInAs(server, 'super_admin');
    server.on('POST', 'admins/2/reset-password', {
      status: 200,
      body: {
        admin: { ...staff, must_change_password: true, version: 2 },
        temporary_password: 'Reset-9kP4mZ',
      },
    });
    renderApp('/settings/admins', server);
    const user = await openMore('박직원');
    await pickMenuItem(user, t.resetPassword);
    await confirmDialog(user, t.confirm.resetTitle('박직원'), t.resetPassword);

    expect(await screen.findByText('Reset-9kP4mZ')).toBeTruthy();
    expect(screen.getByText(t.temporary.resetTitle)).toBeTruthy();
    expect(server.callsTo('POST', 'admins/2/reset-password')[0]?.body).toEqual({ version: 1 });
  });

  it(
    'unlocks and disables with the version read; a refusal is shown as a toast',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('POST', 'admins/3/unlock', {
        status: 200,
        body: { ...locked, status: 'active', failed_login_count: 0, locked_until: null, version: 5 },
      });
      server.on(
        'POST',
        'admins/2/disable',
        errorReply(409, 'INVALID_TRANSITION', adminMessages.alreadyDisabled),
      );
      renderApp('/settings/admins', server);
      let user = await openMore('이지점');
      await pickMenuItem(user, t.unlock);
      await confirmDialog(user, t.confirm.unlockTitle('이지점'), t.unlock);
      expect(await screen.findByText(t.done.unlock)).toBeTruthy();
      expect(server.callsTo('POST', 'admins/3/unlock')[0]?.body).toEqual({ version: 4 });

      user = await openMore('박직원');
      await pickMenuItem(user, t.disable);
      await confirmDialog(user, t.confirm.disableTitle('박직원'), t.disable);
      expect(await screen.findByText(adminMessages.alreadyDisabled)).toBeTruthy();
    },
    SLOW,
  );

  it('offers no reset or disable on one’s own row', async () => {
    signedInAs(server, 'super_admin');
    renderApp('/settings/admins', server);
    const table = await screen.findByRole('table');
    await within(table).findByText('박직원');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: new RegExp(`김관리 ${t.more}`) }));
    expect(await screen.findByRole('menuitem', { name: '로그인 세션' })).toBeTruthy();
    for (const label of [t.resetPassword, t.disable, '2단계 인증 초기화']) {
      expect(screen.queryByRole('menuitem', { name: label })).toBeNull();
    }
  });

  it("shows another admin's sessions and ends one; resets their second factor with a reason", async () => {
    signedInAs(server, 'super_admin');
    server.on('GET', 'admins/3/sessions', {
      status: 200,
      body: {
        data: [
          {
            id: '7b0e3c2a-1d2f-4a5b-9c8d-0e1f2a3b4c5d',
            current: false,
            ip: '10.0.0.9',
            user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36',
            remember: true,
            created_at: '2026-12-05T01:00:00Z',
            last_used_at: '2026-12-05T02:00:00Z',
            expires_at: '2026-12-19T01:00:00Z',
            second_factor: true,
          },
        ],
      },
    });
    server.on('POST', 'admins/3/sessions/7b0e3c2a-1d2f-4a5b-9c8d-0e1f2a3b4c5d/end', {
      status: 200,
      body: { ok: true },
    });
    server.on('POST', 'admins/3/second-factor/reset', { status: 200, body: { ok: true } });
    const user = userEvent.setup({ delay: null });
    renderApp('/settings/admins', server);
    const table = await screen.findByRole('table');
    await within(table).findByText('이지점');
    await user.click(screen.getByRole('button', { name: new RegExp(`이지점 ${t.more}`) }));
    await pickMenuItem(user, '로그인 세션');
    expect(await screen.findByText('Chrome 130 · Windows')).toBeTruthy();
    expect(screen.getByText('10.0.0.9')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '종료' }));
    await confirmDialog(user, '이 세션을 종료할까요?', '종료');
    await waitFor(() =>
      expect(
        server.callsTo('POST', 'admins/3/sessions/7b0e3c2a-1d2f-4a5b-9c8d-0e1f2a3b4c5d/end'),
      ).toHaveLength(1),
    );
    await user.click(screen.getAllByRole('button', { name: '닫기' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: new RegExp(`이지점 ${t.more}`) }));
    await pickMenuItem(user, '2단계 인증 초기화');
    let dialog!: HTMLElement;
    await waitFor(() => {
      const found = screen
        .queryAllByRole('dialog')
        .find((d) => d.textContent?.includes('2단계 인증을 초기화할까요'));
      expect(found).toBeTruthy();
      dialog = found!;
    });
    await user.click(within(dialog).getByRole('button', { name: '초기화' }));
    expect(await within(dialog).findByText('초기화 사유를 입력해 주세요.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('사유'), '휴대폰 분실');
    await user.click(within(dialog).getByRole('button', { name: '초기화' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'admins/3/second-factor/reset')[0]?.body).toEqual({
        reason: '휴대폰 분실',
      }),
    );
  });
});
