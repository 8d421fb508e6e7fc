import { LAW_TABLES, pilotSectorsDefault, SETTINGS_LABELS } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { koLaw, koSettingsNav } from '../../locales/ko/settings';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';
import { lawRowView, lawTablesView } from './law-rows';

let server: MockServer;
beforeEach(() => {
  server = withLookups(createMockServer());
  server.on('GET', 'settings/client', {
    status: 200,
    body: { export_reason_required: true, session_timeout_minutes: 30, visa_alert_days: [30, 60, 90, 120] },
  });
  signIn();
});

const rowCount = LAW_TABLES.reduce((n, table) => n + table.rows.length, 0);
const verifyCount = LAW_TABLES.reduce((n, table) => n + table.rows.filter((r) => r.basis.verify).length, 0);

describe('law rows as the screen shows them', () => {
  it('shows the pilot rows from the settings, marked 설정값, keeping their 확인 필요', () => {
    const [food, rooms] = pilotSectorsDefault();
    const pilots = [{ ...food!, effectiveTo: '2026-01-01', note: '시범 종료 결정' }, rooms!];
    const sectors = lawTablesView('2026-06-01', false, undefined, pilots).find(
      (t) => t.key === 'visa-sectors',
    )!;
    const settingRows = sectors.rows.filter((row) => row.setting);
    expect(settingRows).toHaveLength(2);
    expect(settingRows[0]).toMatchObject({ status: 'ended', basis: { effectiveTo: '2026-01-01' } });
    expect(settingRows[0]!.basis.notice).toContain('시범 종료 결정');
    expect(settingRows.every((row) => !!row.basis.verify)).toBe(true);
    expect(
      sectors.rows.filter((row) => !row.setting).every((row) => !row.values.some((v) => v.label === 'pilot')),
    ).toBe(true);
  });

  it('names a row’s values in Korean and where it stands on the day', () => {
    const row = {
      visa: 'E-9',
      industries: ['manufacturing', 'agriculture'],
      duties: ['kitchen_assistant'],
      basis: { law: '법', article: '제1조', effectiveFrom: '2024-04-01', effectiveTo: '2026-01-01' },
    };
    expect(lawRowView(row, '2025-06-01')).toMatchObject({
      status: 'inForce',
      values: [
        { label: '체류자격', value: 'E-9' },
        { label: '업종', value: '제조업, 농업(작물재배)' },
        { label: '직무', value: expect.any(String) },
      ],
    });
    expect(lawRowView(row, '2024-03-31').status).toBe('upcoming');
    expect(lawRowView(row, '2026-01-01').status).toBe('ended');
    expect(lawRowView({ year: 2025, hourly: 10_030, basis: row.basis }, '2025-06-01').values).toEqual([
      { label: '연도', value: '2025' },
      { label: '시급', value: '10,030원' },
    ]);
  });

  it('keeps every table and row, or only the 확인 필요 ones', () => {
    const all = lawTablesView('2026-01-01', false);
    expect(all).toHaveLength(LAW_TABLES.length);
    expect(all.reduce((n, table) => n + table.rows.length, 0)).toBe(rowCount);
    const verify = lawTablesView('2026-01-01', true);
    expect(verify.reduce((n, table) => n + table.rows.length, 0)).toBe(verifyCount);
    expect(verify.every((table) => table.rows.every((row) => row.basis.verify))).toBe(true);
  });
});

describe('/settings/law', () => {
  it('lists every law table to a viewer, with the basis and the 확인 필요 filter', async () => {
    signedInAs(server, 'viewer');
    const view = renderApp('/settings/law', server);
    // Role queries walk the whole tree, slow over 69 rows: wait on a test id, then read the title.
    await screen.findByTestId('law-summary', {}, { timeout: 30_000 });
    expect(document.querySelector('h1')?.textContent).toBe('법령 기준표');
    expect(screen.getAllByTestId('law-table')).toHaveLength(LAW_TABLES.length);
    expect(screen.getAllByTestId('law-row')).toHaveLength(rowCount);
    expect(screen.getByTestId('law-summary').textContent).toBe(
      koLaw.summary(LAW_TABLES.length, rowCount, verifyCount),
    );
    const wages = screen.getByRole('list', { name: '연도별 최저임금' });
    expect(within(wages).getAllByText('최저임금법').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: koSettingsNav.law })).toBeTruthy();
    // The rows an operator keeps current say the rules read the setting, and where it is.
    expect(screen.getByText(koLaw.settingNote(SETTINGS_LABELS.employerQuotaTables))).toBeTruthy();
    expect(screen.getByText(koLaw.settingNote(SETTINGS_LABELS.minimumWageByYear))).toBeTruthy();

    await userEvent.setup().click(screen.getByLabelText(koLaw.verifyOnly));
    await waitFor(() => expect(screen.getAllByTestId('law-row')).toHaveLength(verifyCount));
    expect(screen.getAllByTestId('law-verify-tag')).toHaveLength(verifyCount);
    expect(view.location()).toBe('/settings/law?verify=1');
  }, 90_000);
});
