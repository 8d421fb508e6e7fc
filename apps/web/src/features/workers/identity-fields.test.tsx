import { identityMessages, VISA_TYPE_LABELS } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickOption } from '../../test/antd';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, wireWorker, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

/** The identity checks on the worker form and page (docs/DOMAIN.md#identity). */

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
});

async function typeDate(user: User, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.type(input, `${value}{Enter}`);
}

const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('the worker form', () => {
  it('shows a number that contradicts the birth date on its field, and asks for the expiry date of an E-9', async () => {
    signedInAs(server, 'admin');
    const user = userEvent.setup({ delay: null });
    renderApp('/workers/new', server);
    await user.type(await screen.findByLabelText('성 (영문)'), 'nguyen');
    await user.type(screen.getByLabelText('이름 (영문)'), 'van an');
    await user.click(screen.getByText('남성'));
    await typeDate(user, '생년월일', '1995-04-13');
    await pickOption(user, '국적', '베트남');
    await user.type(screen.getByLabelText('외국인등록번호'), '9504125123456');
    const expiryLabel = () => itemOf('체류 만료일').querySelector('label') as HTMLElement;
    expect(expiryLabel().className).not.toContain('ant-form-item-required');
    await pickOption(user, '체류자격', 'E-9 비전문취업');
    await waitFor(() => expect(expiryLabel().className).toContain('ant-form-item-required'));
    await pickOption(user, '담당 지점', '서울 본점');
    await user.click(screen.getByRole('button', { name: '등록' }));

    expect(await within(itemOf('외국인등록번호')).findByText(identityMessages.arcBirthMismatch)).toBeTruthy();
    expect(
      await within(itemOf('체류 만료일')).findByText(
        identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9']),
      ),
    ).toBeTruthy();
    expect(server.callsTo('POST', 'workers')).toHaveLength(0);
  });
});

describe('the worker page', () => {
  it('warns of a stored record that breaks the rules, each rule in a line', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', {
      status: 200,
      body: wireWorker({
        alien_reg_no: '950412-6******',
        date_of_birth: '1995-04-11',
        visa_expiry_date: null,
      }),
    });
    renderApp('/workers/20', server);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('신원·체류 정보를 확인해 주세요.')).toBeTruthy();
    expect(within(alert).getByText(identityMessages.arcBirthMismatch)).toBeTruthy();
    expect(within(alert).getByText(/성별과 다릅니다/)).toBeTruthy();
    expect(
      within(alert).getByText(identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9'])),
    ).toBeTruthy();
  });

  it('shows no warning for a worker who keeps them', async () => {
    signedInAs(server, 'admin');
    server.on('GET', 'workers/20', { status: 200, body: wireWorker() });
    renderApp('/workers/20', server);
    expect(await screen.findByText('950412-5******')).toBeTruthy();
    expect(screen.queryByText('신원·체류 정보를 확인해 주세요.')).toBeNull();
  });
});
