import { expect, test as setup } from '@playwright/test';
import { apiHeaders, apiLogin } from './support';

// The suite logs in many times from one address: lift the per-IP login limit through the settings API.
setup('raise the login rate limit for the suite', async ({ request }) => {
  const { token } = await apiLogin(request);
  const response = await request.patch('/api/v1/settings', {
    headers: await apiHeaders(request, token),
    data: { login_rate_limit_per_minute: 1000 },
  });
  expect(response.status()).toBe(200);
});
