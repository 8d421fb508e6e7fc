import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { koKit } from '../../locales/ko/kit';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { signedInAs, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';
import { formatPickedAddress } from './address-input';
import { loadPostcode, type PostcodeOptions } from './postcode-loader';

// The postcode service is reached through this module only: the tests stand in for it here, not for the network.
vi.mock('./postcode-loader', () => ({ loadPostcode: vi.fn() }));

const t = koKit.form;
let server: MockServer;

function addressSearch(enabled: boolean) {
  server.on('GET', 'settings/client', {
    status: 200,
    body: {
      export_reason_required: true,
      session_timeout_minutes: 30,
      visa_alert_days: [30, 60, 90, 120],
      address_search_enabled: enabled,
    },
  });
}

// The button's name carries its icon's label too.
const searchName = new RegExp(t.addressSearch);
const searchButton = () => screen.queryByRole('button', { name: searchName });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** A stand-in for the service: remembers what the form asked of it, and where it was embedded. */
function fakeService() {
  const seen: { options?: PostcodeOptions; element?: HTMLElement } = {};
  class FakePostcode {
    constructor(options: PostcodeOptions) {
      seen.options = options;
    }
    embed(element: HTMLElement) {
      seen.element = element;
    }
  }
  vi.mocked(loadPostcode).mockResolvedValue(FakePostcode);
  return seen;
}

beforeEach(() => {
  vi.mocked(loadPostcode).mockReset();
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
});

// Whole screens under happy-dom on a shared machine.
describe('address search beside the address inputs', { timeout: 45_000 }, () => {
  it('is not offered while the setting is off: the address is typed', async () => {
    addressSearch(false);
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    const road = await screen.findByLabelText('도로명 주소');
    await waitFor(() => expect(server.callsTo('GET', 'settings/client')).toHaveLength(1));
    // Let the settings reply reach the screen before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(searchButton()).toBeNull();
    await user.type(road, '서울특별시 중구 세종대로 110');
    expect(input('도로명 주소').value).toBe('서울특별시 중구 세종대로 110');
    expect(loadPostcode).not.toHaveBeenCalled();
  });

  it('is offered beside the address when the setting is on (employers and branches)', async () => {
    addressSearch(true);
    const employer = renderApp('/employers/new', server);
    await screen.findByLabelText('도로명 주소');
    expect(await screen.findByRole('button', { name: searchName })).toBeTruthy();
    // Nothing is loaded before the click.
    expect(loadPostcode).not.toHaveBeenCalled();
    employer.unmount();

    renderApp('/branches/new', server);
    await screen.findByLabelText('주소');
    expect(await screen.findByRole('button', { name: searchName })).toBeTruthy();
  });

  it('says in Korean when the service cannot be reached, and the address can still be typed', async () => {
    addressSearch(true);
    vi.mocked(loadPostcode).mockRejectedValue(new Error('offline'));
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    await user.click(await screen.findByRole('button', { name: searchName }));

    expect((await screen.findByRole('alert')).textContent).toBe(t.addressSearchFailed);
    expect(loadPostcode).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    const road = input('도로명 주소');
    expect(road.disabled).toBe(false);
    await user.type(road, '경기도 안산시 단원구 산단로 100');
    expect(input('도로명 주소').value).toBe('경기도 안산시 단원구 산단로 100');
  });

  it('fills the picked road address with the building name, and the 우편번호', async () => {
    addressSearch(true);
    const seen = fakeService();
    const user = userEvent.setup({ delay: null });
    renderApp('/employers/new', server);
    await user.click(await screen.findByRole('button', { name: searchName }));

    await screen.findByText(t.addressSearchTitle);
    await waitFor(() => expect(seen.element).toBeInstanceOf(HTMLElement));
    act(() =>
      seen.options!.oncomplete({
        zonecode: '04524',
        roadAddress: '서울 중구 세종대로 110',
        address: '서울 중구 세종대로 110',
        buildingName: '서울특별시청',
      }),
    );

    await waitFor(() => expect(input('도로명 주소').value).toBe('서울 중구 세종대로 110 (서울특별시청)'));
    expect(input('우편번호').value).toBe('04524');
    expect(screen.queryByRole('alert')).toBeNull();
    // The address stays editable after a pick.
    await user.type(input('도로명 주소'), ' 1층');
    expect(input('도로명 주소').value).toBe('서울 중구 세종대로 110 (서울특별시청) 1층');
  });
});

describe('formatPickedAddress', () => {
  it('takes the road address, the inferred one for a lot-number pick, and adds a building name once', () => {
    const base = { zonecode: '06236', address: '서울 강남구 역삼동 737' };
    expect(formatPickedAddress({ ...base, roadAddress: '서울 강남구 테헤란로 152', buildingName: '' })).toBe(
      '서울 강남구 테헤란로 152',
    );
    expect(
      formatPickedAddress({
        ...base,
        roadAddress: '',
        autoRoadAddress: '서울 강남구 테헤란로 152',
        buildingName: '강남파이낸스센터',
      }),
    ).toBe('서울 강남구 테헤란로 152 (강남파이낸스센터)');
    expect(formatPickedAddress({ ...base, roadAddress: '', buildingName: '' })).toBe(
      '서울 강남구 역삼동 737',
    );
  });
});
