import { expect, test as setup } from '@playwright/test';
import { patchSettings } from './records';

// The suite logs in many times from one address: lift the per-IP login limit through the settings API.
setup('raise the login rate limit for the suite', async ({ request }) => {
  const response = await patchSettings(request, { login_rate_limit_per_minute: 1000 });
  expect(response.status()).toBe(200);
});
