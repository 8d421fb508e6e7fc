import { act, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { classifyResponse } from '../../api/errors';
import { RefusalAlert } from '../linked-records';
import { ToastProvider } from '../toast';
import { useRefusableSave } from './use-refusable-save';

type Harness = { run: (send: () => Promise<unknown>) => Promise<boolean> };

/** A dialog's body: one field, the refusal above it, and the save the test drives. */
function Dialog({ harness, onStale }: { harness: Harness; onStale: () => void }) {
  const [form] = Form.useForm();
  const { refusal, save } = useRefusableSave(form, ['headcount'], { onStale });
  const [, rerender] = useState(0);
  harness.run = async (send) => {
    const ok = await save(send);
    rerender((n) => n + 1);
    return ok;
  };
  return (
    <>
      {refusal && <RefusalAlert refusal={refusal} />}
      <Form form={form}>
        <Form.Item name="headcount" label="인원">
          <Input />
        </Form.Item>
      </Form>
    </>
  );
}

function setUp() {
  const harness: Harness = { run: async () => false };
  const onStale = vi.fn();
  render(
    <MemoryRouter>
      <ToastProvider>
        <Dialog harness={harness} onStale={onStale} />
      </ToastProvider>
    </MemoryRouter>,
  );
  return { harness, onStale };
}

const refuse = (status: number, body: unknown) => () => Promise.reject(classifyResponse(status, body));

describe('useRefusableSave (docs/web-app.md#forms)', () => {
  it('shows a refusal that names records above the form with links, and keeps the dialog open', async () => {
    const { harness, onStale } = setUp();
    let ok = true;
    await act(async () => {
      ok = await harness.run(
        refuse(409, {
          error: {
            code: 'MATCHINGS_AFFECTED',
            message: '이 변경으로 계약이 허가 없이 남습니다.',
            details: [{ resource: 'matchings', id: 12, message: '#12 응우옌 반민 · 용접 (계약 완료)' }],
          },
        }),
      );
    });
    expect(ok).toBe(false);
    expect(await screen.findByText('이 변경으로 계약이 허가 없이 남습니다.')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/matchings/12');
    // A refusal is not a stale version: the dialog stays for another try.
    expect(onStale).not.toHaveBeenCalled();
  });

  it('puts a field error on its field, with no refusal and no close', async () => {
    const { harness, onStale } = setUp();
    await act(async () => {
      await harness.run(
        refuse(422, {
          error: {
            code: 'VALIDATION_ERROR',
            message: '입력값을 확인해 주세요.',
            details: [{ field: 'headcount', message: '인원은 1명 이상이어야 합니다.' }],
          },
        }),
      );
    });
    await waitFor(() => expect(screen.getByText('인원은 1명 이상이어야 합니다.')).toBeTruthy());
    expect(screen.queryByRole('link')).toBeNull();
    expect(onStale).not.toHaveBeenCalled();
  });

  it('closes on a stale version (409 naming no record) and reports success as true', async () => {
    const { harness, onStale } = setUp();
    await act(async () => {
      await harness.run(
        refuse(409, { error: { code: 'CONFLICT', message: '다른 사용자가 먼저 수정했습니다.' } }),
      );
    });
    expect(onStale).toHaveBeenCalledTimes(1);
    let ok = false;
    await act(async () => {
      ok = await harness.run(() => Promise.resolve({ id: 1 }));
    });
    expect(ok).toBe(true);
  });
});
