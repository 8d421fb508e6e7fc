import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

/** A batch as the server sends it (snake_case keys, column ids as snake_case values). */
function wireBatch(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    resource: 'employers',
    file_name: '사업주명단.csv',
    file_size: 2048,
    file_hash: 'a'.repeat(64),
    format: 'csv',
    encoding: 'cp949',
    headers: ['회사명', '사업자등록번호', '대표자', '비고란'],
    mapping: ['company_name', 'business_reg_no', 'ceo_name', null],
    status: 'uploaded',
    total_rows: 3,
    run_total: 0,
    processed_rows: 0,
    valid_rows: 0,
    error_rows: 0,
    duplicate_rows: 0,
    committed_rows: 0,
    undone_rows: 0,
    kept_rows: 0,
    cancel_requested: false,
    field_errors: [],
    same_file_batch_id: null,
    failure: null,
    created_by_name: '김관리',
    created_at: '2026-11-25T01:00:00.000Z',
    validated_at: null,
    committed_at: null,
    undone_at: null,
    ...overrides,
  };
}

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'employers/imports', listReply([wireBatch()], 1));
});

describe('import screen', () => {
  it('uploads the file as its own body and opens the batch by its number in the address', async () => {
    server.on('POST', 'employers/imports', { status: 201, body: wireBatch() });
    server.on('GET', 'employers/imports/7', { status: 200, body: wireBatch() });
    renderApp('/employers/import', server);

    const file = new File(['회사명,사업자등록번호\n'], '사업주명단.csv', { type: 'text/csv' });
    const input = (await screen.findByText(/끌어다 놓거나/)).closest('.ant-upload')!.querySelector('input')!;
    await userEvent.upload(input as HTMLInputElement, file);

    await waitFor(() => expect(server.callsTo('POST', 'employers/imports')).toHaveLength(1));
    const sent = server.callsTo('POST', 'employers/imports')[0]!;
    expect(sent.params).toEqual({ file_name: '사업주명단.csv' });
    // The file goes as the body itself, typed by its extension (the bytes are the browser test's: e2e/imports.spec.ts).
    expect(sent.headers['Content-Type']).toBe('text/csv');
    expect(await screen.findByText('3행 · CP949')).toBeTruthy();
  });

  it('maps columns by the file headers and holds the dry run while a required column is missing', async () => {
    server.on('GET', 'employers/imports/7', { status: 200, body: wireBatch() });
    server.on('POST', 'employers/imports/7/validate', {
      status: 200,
      body: wireBatch({ status: 'validating', run_total: 3 }),
    });
    renderApp('/employers/import?batch=7', server);

    expect(await screen.findByText('파일의 열을 가져올 항목에 지정해 주세요')).toBeTruthy();
    // 사업자 유형, 업종 … are required and not in this file.
    expect(screen.getByText(/필수 항목이 지정되지 않았습니다: 사업자 유형, 업종/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '검사 시작' })).toHaveProperty('disabled', true);
  });

  it('shows the dry run’s counts and the first errors per field', async () => {
    const committing = wireBatch({
      status: 'committing',
      run_total: 2,
      processed_rows: 1,
      valid_rows: 2,
      error_rows: 1,
    });
    const validated = {
      status: 200,
      body: wireBatch({
        status: 'validated',
        valid_rows: 2,
        error_rows: 1,
        validated_at: '2026-11-25T01:01:00.000Z',
        field_errors: [
          {
            field: 'business_reg_no',
            header: '사업자등록번호',
            count: 1,
            examples: [{ row_no: 4, message: '올바른 사업자등록번호가 아닙니다.' }],
          },
        ],
      }),
    };
    server.on('GET', 'employers/imports/7', () =>
      server.callsTo('POST', 'employers/imports/7/commit').length > 0
        ? { status: 200, body: committing }
        : validated,
    );
    server.on('POST', 'employers/imports/7/commit', { status: 200, body: committing });
    renderApp('/employers/import?batch=7', server);

    expect(await screen.findByText('올바른 사업자등록번호가 아닙니다.')).toBeTruthy();
    expect(screen.getByText('4행')).toBeTruthy();
    expect(screen.getByRole('button', { name: /오류 보고서 내려받기/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '정상 2건 가져오기' }));
    await userEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    await waitFor(() => expect(server.callsTo('POST', 'employers/imports/7/commit')).toHaveLength(1));
    expect(await screen.findByText('1 / 2행')).toBeTruthy();
    expect(screen.getByRole('button', { name: '중지' })).toBeTruthy();
  });
});
