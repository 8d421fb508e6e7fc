import {
  pilotSectorsDefault,
  privacyMessages,
  RETENTION_FLOORS,
  recordMessages,
  retentionFloorMessage,
  SETTINGS_DEFAULTS,
  settingsMessages,
  toWire,
} from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { koSettings, koSettingsNav } from '../../locales/ko/settings';
import { dialog } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { errorReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

const t = koSettings;
let server: MockServer;
// Typing into the long form is slow under happy-dom on a busy machine: up to 26 s a test alone, and past 45 s with
// the browser suite running beside it (2026-12-05; docs/TESTING.md#where-the-time-goes).
const SLOW = 90_000;

const wireSettings = (overrides: Record<string, unknown> = {}) => ({
  service_name: SETTINGS_DEFAULTS.serviceName,
  contact_name: SETTINGS_DEFAULTS.contactName,
  contact_email: SETTINGS_DEFAULTS.contactEmail,
  contact_phone: '',
  visa_alert_days: [30, 60, 90, 120],
  session_timeout_minutes: 30,
  max_login_failures: 5,
  lockout_minutes: 15,
  login_rate_limit_per_minute: 20,
  minimum_wage_by_year: { '2025': 10_030, '2026': 10_320 },
  employer_quota_tables: toWire(SETTINGS_DEFAULTS.employerQuotaTables),
  default_matching_fee: 300_000,
  export_reason_required: true,
  dormant_after_days: 365,
  address_search_enabled: false,
  retention: toWire(SETTINGS_DEFAULTS.retention),
  access_review: toWire(SETTINGS_DEFAULTS.accessReview),
  second_factor: toWire(SETTINGS_DEFAULTS.secondFactor),
  pilot_sectors: toWire(pilotSectorsDefault()),
  version: 4,
  ...overrides,
});

beforeEach(() => {
  server = withLookups(createMockServer());
  server.on('GET', 'settings', { status: 200, body: wireSettings() });
  server.on('GET', 'settings/client', {
    status: 200,
    body: { export_reason_required: true, session_timeout_minutes: 30, visa_alert_days: [30, 60, 90, 120] },
  });
  signIn();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/settings', () => {
  it('shows every setting with its Korean help, the wage table and the settings tabs', async () => {
    signedInAs(server, 'super_admin');
    renderApp('/settings', server);

    const timeout = await screen.findByLabelText(t.fields.sessionTimeoutMinutes);
    expect((timeout as HTMLInputElement).value).toBe('30');
    for (const text of Object.values(t.help)) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText(t.loggedHint)).toBeTruthy();
    expect(input(t.fields.defaultMatchingFee).value).toBe('300,000');
    expect(input(`${t.wageYear} 1`).value).toBe('2025');
    expect(input(`${t.wageAmount} 2`).value).toBe('10,320');
    expect(screen.getByRole('tab', { name: koSettingsNav.admins })).toBeTruthy();
  });

  it(
    'saves a change: alert windows sorted in, a new wage year, then a success toast',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('PATCH', 'settings', (request) => ({
        status: 200,
        body: wireSettings(request.body as Record<string, unknown>),
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const timeout = await screen.findByLabelText(t.fields.sessionTimeoutMinutes);
      await user.clear(timeout);
      await user.type(timeout, '45');
      await user.type(screen.getByLabelText(t.fields.visaAlertDays), '14{Enter}');
      await user.click(screen.getByRole('button', { name: new RegExp(t.wageAdd) }));
      expect(input(`${t.wageYear} 3`).value).toBe('2027');
      await user.clear(input(`${t.wageAmount} 3`));
      await user.type(input(`${t.wageAmount} 3`), '10700');
      await user.type(screen.getByLabelText(t.wageChangeReason), '2027년 최저임금 고시 반영');
      await user.click(screen.getByRole('button', { name: t.save }));

      expect(await screen.findByText(t.saved)).toBeTruthy();
      const [call] = server.callsTo('PATCH', 'settings');
      expect(call?.body).toMatchObject({
        version: 4,
        session_timeout_minutes: 45,
        visa_alert_days: [14, 30, 60, 90, 120],
        minimum_wage_by_year: { '2025': 10_030, '2026': 10_320, '2027': 10_700 },
        wage_change_reason: '2027년 최저임금 고시 반영',
        export_reason_required: true,
      });
    },
    SLOW,
  );

  it(
    'adds a version of the 고용허용인원 table from the latest one, with its 시행일 and the reason',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('PATCH', 'settings', (request) => ({
        status: 200,
        body: wireSettings(request.body as Record<string, unknown>),
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      await screen.findByLabelText(t.fields.sessionTimeoutMinutes);
      await user.click(screen.getByRole('button', { name: new RegExp(t.quota.addVersion) }));
      const date = screen.getAllByLabelText(t.quota.effectiveFrom)[1]!;
      await user.click(date);
      await user.type(date, '2027-03-01{Enter}');
      const limit = screen.getAllByLabelText(`${t.quota.sectors.manufacturing} 1 ${t.quota.limit}`)[1]!;
      await user.clear(limit);
      await user.type(limit, '6');
      await user.type(screen.getAllByLabelText(t.quota.note)[1]!, '외국인력정책위원회 결정(시험)');
      await user.type(screen.getByLabelText(t.wageChangeReason), '2027년 고용허용인원 결정 반영');
      await user.click(screen.getByRole('button', { name: t.save }));

      expect(await screen.findByText(t.saved)).toBeTruthy();
      const [call] = server.callsTo('PATCH', 'settings');
      const body = call!.body as { employer_quota_tables: Record<string, unknown>[] };
      const tables = body.employer_quota_tables;
      expect(tables).toHaveLength(2);
      expect(tables[0]).toEqual(toWire(SETTINGS_DEFAULTS.employerQuotaTables[0]!));
      const manufacturing = SETTINGS_DEFAULTS.employerQuotaTables[0]!.bands.manufacturing;
      expect(tables[1]).toEqual({
        effective_from: '2027-03-01',
        note: '외국인력정책위원회 결정(시험)',
        bands: toWire({
          manufacturing: [{ ...manufacturing[0]!, limit: 6 }, ...manufacturing.slice(1)],
          service: SETTINGS_DEFAULTS.employerQuotaTables[0]!.bands.service,
        }),
      });
      expect(call?.body).toMatchObject({ wage_change_reason: '2027년 고용허용인원 결정 반영' });
    },
    SLOW,
  );

  it(
    'ends a pilot sector in its editor and sends it with the shared reason; a bad end is refused in Korean',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('PATCH', 'settings', (request) => ({
        status: 200,
        body: wireSettings(request.body as Record<string, unknown>),
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const end = (await screen.findByLabelText(`${t.pilots.effectiveTo} 1`)) as HTMLInputElement;
      expect(input(`${t.pilots.effectiveFrom} 1`).value).toBe('2024-04-01');
      await user.type(end, '2024-03-01');
      await user.type(screen.getByLabelText(t.wageChangeReason), '음식점업 시범 종료');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(settingsMessages.pilotEndAfterStart)).toBeTruthy();
      expect(server.callsTo('PATCH', 'settings')).toHaveLength(0);

      await user.clear(end);
      await user.type(end, '2027-01-01');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(t.saved)).toBeTruthy();
      const [call] = server.callsTo('PATCH', 'settings');
      const [food, rooms] = pilotSectorsDefault();
      expect(call?.body).toMatchObject({
        pilot_sectors: [
          { ...(toWire(food) as object), effective_to: '2027-01-01' },
          { ...(toWire(rooms) as object), effective_to: null },
        ],
        wage_change_reason: '음식점업 시범 종료',
      });
    },
    SLOW,
  );

  it('turns the address search on through the same save', async () => {
    signedInAs(server, 'super_admin');
    server.on('PATCH', 'settings', (request) => ({
      status: 200,
      body: wireSettings(request.body as Record<string, unknown>),
    }));
    const user = userEvent.setup({ delay: null });
    renderApp('/settings', server);

    const toggle = await screen.findByRole('switch', { name: t.fields.addressSearchEnabled });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(t.help.addressSearchEnabled)).toBeTruthy();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeTruthy();
    const [call] = server.callsTo('PATCH', 'settings');
    expect(call?.body).toMatchObject({ version: 4, address_search_enabled: true });
  });

  it(
    'edits a retention period with its basis, checked by the contract before it is sent',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('PATCH', 'settings', (request) => ({
        status: 200,
        body: wireSettings(request.body as Record<string, unknown>),
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const workers = await screen.findByLabelText(t.retention.months('근로자'));
      expect((workers as HTMLInputElement).value).toBe('36');
      await user.clear(workers);
      await user.type(workers, '121');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(privacyMessages.months)).toBeTruthy();
      expect(server.callsTo('PATCH', 'settings')).toHaveLength(0);

      const auditLogs = screen.getByLabelText(t.retention.months('접속기록'));
      await user.clear(auditLogs);
      await user.type(auditLogs, '12');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(privacyMessages.auditLogsMinimum)).toBeTruthy();
      await user.clear(auditLogs);
      await user.type(auditLogs, '24');

      await user.clear(workers);
      await user.type(workers, '60');
      const basis = screen.getByLabelText(t.retention.basis('근로자'));
      await user.clear(basis);
      await user.type(basis, '근로기준법 제42조, 사내 규정 5년');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(t.saved)).toBeTruthy();
      const [call] = server.callsTo('PATCH', 'settings');
      expect(call?.body).toMatchObject({
        retention: {
          workers: { months: 60, basis: '근로기준법 제42조, 사내 규정 5년' },
          app_users: { months: 1 },
        },
      });
    },
    SLOW,
  );

  it(
    "shows each kind's legal floor with its basis and refuses a period under it before sending",
    async () => {
      signedInAs(server, 'super_admin');
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const matchings = await screen.findByLabelText(t.retention.months('매칭·계약'));
      expect(
        screen.getByText(
          t.retention.floor(
            RETENTION_FLOORS.matchings.minMonths,
            RETENTION_FLOORS.matchings.basis,
            RETENTION_FLOORS.matchings.effectiveFrom,
          ),
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(
          `${t.retention.floor(
            RETENTION_FLOORS.workers.minMonths,
            RETENTION_FLOORS.workers.basis,
            RETENTION_FLOORS.workers.effectiveFrom,
          )} ${t.retention.floorVerify}`,
        ),
      ).toBeTruthy();
      await user.clear(matchings);
      await user.type(matchings, '0');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(retentionFloorMessage('matchings'))).toBeTruthy();
      expect(server.callsTo('PATCH', 'settings')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'edits the access review thresholds: the working day must end after it starts',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('PATCH', 'settings', (request) => ({
        status: 200,
        body: wireSettings(request.body as Record<string, unknown>),
      }));
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const end = await screen.findByLabelText(t.accessReview.fields.workdayEndHour);
      expect((end as HTMLInputElement).value).toBe('20');
      await user.clear(end);
      await user.type(end, '7');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(t.accessReview.endAfterStart)).toBeTruthy();
      expect(server.callsTo('PATCH', 'settings')).toHaveLength(0);

      await user.clear(end);
      await user.type(end, '19');
      const factor = screen.getByLabelText(t.accessReview.fields.volumeFactor);
      await user.clear(factor);
      await user.type(factor, '5');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(t.saved)).toBeTruthy();
      const [call] = server.callsTo('PATCH', 'settings');
      expect(call?.body).toMatchObject({
        access_review: { workday_end_hour: 19, volume_factor: 5, workday_start_hour: 8 },
      });
    },
    SLOW,
  );

  it(
    'compares with what another admin saved meanwhile (409) and saves on the latest version',
    async () => {
      signedInAs(server, 'super_admin');
      let version = 4;
      server.on('GET', 'settings', () => ({
        status: 200,
        body: wireSettings({ version, default_matching_fee: version === 4 ? 300_000 : 350_000 }),
      }));
      server.on('PATCH', 'settings', (request) => {
        const sent = (request.body as { version: number }).version;
        if (sent !== version) return errorReply(409, 'CONFLICT', recordMessages.versionConflict);
        return { status: 200, body: wireSettings({ version: version + 1, session_timeout_minutes: 45 }) };
      });
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);
      const timeout = await screen.findByLabelText(t.fields.sessionTimeoutMinutes);
      await user.clear(timeout);
      await user.type(timeout, '45');
      version = 5; // another admin saved the default fee meanwhile
      await user.click(screen.getByRole('button', { name: t.save }));

      const conflict = await dialog('다른 사용자가 먼저 수정했습니다');
      await user.click(conflict.getByRole('button', { name: '최신 내용 불러오기' }));
      await waitFor(() => expect(server.callsTo('GET', 'settings').length).toBeGreaterThan(1));
      await user.clear(await screen.findByLabelText(t.fields.sessionTimeoutMinutes));
      await user.type(screen.getByLabelText(t.fields.sessionTimeoutMinutes), '45');
      await user.click(screen.getByRole('button', { name: t.save }));
      await waitFor(() => expect(server.callsTo('PATCH', 'settings')).toHaveLength(2));
      expect(server.callsTo('PATCH', 'settings')[1]?.body).toMatchObject({
        version: 5,
        default_matching_fee: 350_000,
        session_timeout_minutes: 45,
      });
    },
    SLOW,
  );

  it(
    'checks values in the form before sending (range, duplicate year) with Korean messages',
    async () => {
      signedInAs(server, 'super_admin');
      const user = userEvent.setup({ delay: null });
      renderApp('/settings', server);

      const lockout = await screen.findByLabelText(t.fields.lockoutMinutes);
      await user.clear(lockout);
      await user.click(screen.getByRole('button', { name: new RegExp(t.wageAdd) }));
      await user.clear(input(`${t.wageYear} 3`));
      await user.type(input(`${t.wageYear} 3`), '2025');
      await user.click(screen.getByRole('button', { name: t.save }));

      expect(await screen.findByText('1~1,440분 사이의 정수로 입력해 주세요.')).toBeTruthy();
      expect((await screen.findAllByText(t.wageYearDuplicate)).length).toBeGreaterThan(0);
      expect(server.callsTo('PATCH', 'settings')).toHaveLength(0);

      await user.clear(input(`${t.wageYear} 3`));
      await user.type(input(`${t.wageYear} 3`), '19x9');
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(settingsMessages.wageYear)).toBeTruthy();
    },
    SLOW,
  );

  it('puts the server’s field errors on the fields', async () => {
    signedInAs(server, 'super_admin');
    server.on(
      'PATCH',
      'settings',
      errorReply(400, 'VALIDATION_ERROR', '입력한 정보를 확인해 주세요.', [
        { field: 'contact_email', message: '서버가 거절한 이메일입니다.' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/settings', server);
    await screen.findByLabelText(t.fields.contactEmail);
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('서버가 거절한 이메일입니다.')).toBeTruthy();
    await waitFor(() => expect(input(t.fields.contactEmail).getAttribute('aria-invalid')).toBe('true'));
  });

  it(
    'asks before leaving with unsaved changes, and 취소 restores the saved values',
    async () => {
      signedInAs(server, 'super_admin');
      server.on('GET', 'admins', {
        status: 200,
        body: { data: [], meta: { page: 1, page_size: 20, total: 0 } },
      });
      const user = userEvent.setup({ delay: null });
      const view = renderApp('/settings', server);
      const name = await screen.findByLabelText(t.fields.serviceName);
      await user.type(name, ' 관리');
      await user.click(screen.getByRole('tab', { name: koSettingsNav.admins }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText('저장하지 않은 변경 사항이 있습니다').length).toBeGreaterThan(0);
      await user.click(within(dialog).getByRole('button', { name: '계속 작성' }));
      expect(view.location()).toBe('/settings');

      await user.click(screen.getByRole('button', { name: '취소' }));
      expect(input(t.fields.serviceName).value).toBe('일손');
      await user.click(screen.getByRole('tab', { name: koSettingsNav.admins }));
      await waitFor(() => expect(view.location()).toBe('/settings/admins'));
    },
    SLOW,
  );

  it('is read-only for an admin without settings:write', async () => {
    signedInAs(server, 'admin');
    renderApp('/settings', server);
    expect(await screen.findByText(t.readOnly)).toBeTruthy();
    expect(input(t.fields.sessionTimeoutMinutes).disabled).toBe(true);
    expect(input(t.fields.serviceName).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: t.save })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(t.wageAdd) })).toBeNull();
    // No admin-accounts tab for a role that cannot open it.
    expect(screen.queryByRole('tab', { name: koSettingsNav.admins })).toBeNull();
  });

  it('says so when the settings cannot be loaded, and tries again on request', async () => {
    signedInAs(server, 'super_admin');
    server.on('GET', 'settings', (_request, count) =>
      count <= 2
        ? errorReply(500, 'SERVER_ERROR', '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.')
        : { status: 200, body: wireSettings({ service_name: '일손 운영' }) },
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/settings', server);
    expect(await screen.findByText(t.loadFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(input(t.fields.serviceName).value).toBe('일손 운영'));
  });
});
