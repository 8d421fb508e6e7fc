import { expect, test as setup } from '@playwright/test';
import { patchSettings } from './records';
import { apiHeaders, apiLogin } from './support';

// The suite logs in many times from one address: lift the per-IP login limit through the settings API.
setup('raise the login rate limit for the suite', async ({ request }) => {
  const response = await patchSettings(request, { login_rate_limit_per_minute: 1000 });
  expect(response.status()).toBe(200);
});

// The minimum wage of a year nobody has entered refuses contracts starting in it (docs/law-as-data.md#wages): the
// specs contract up to a month ahead, so on a date in December next year's rate must be there, as an operator enters
// it once the 고시 is out. Here it repeats the last known year's rate, with the reason the setting asks for.
setup('enter the minimum wages of the coming years', async ({ request }) => {
  const { token } = await apiLogin(request);
  const read = await request.get('/api/v1/settings', { headers: await apiHeaders(request, token) });
  const byYear = ((await read.json()) as { minimum_wage_by_year: Record<string, number> })
    .minimum_wage_by_year;
  const last = Math.max(...Object.keys(byYear).map(Number));
  const until = new Date().getFullYear() + 2;
  if (last >= until) return;
  for (let year = last + 1; year <= until; year++) byYear[String(year)] = byYear[String(last)]!;
  const response = await patchSettings(request, {
    minimum_wage_by_year: byYear,
    wage_change_reason: 'E2E: 다음 연도 최저임금 고시 반영 전 같은 금액으로 입력',
  });
  expect(response.status(), await response.text()).toBe(200);
});
