import { vi } from 'vitest';
import { type Api, apiClient } from './api-client';
import { startGateway } from './gateway-server';
import { type IntegrationEnv, useIntegrationEnv } from './integration-env';

/** The web app's address in these tests: every mailed link and checkout return address is on it. */
export const APP_URL = 'https://app.trobly.test';

export interface AccountsEnv extends IntegrationEnv {
  api: Api;
  close(): Promise<void>;
}

/**
 * Fresh tables, the outbox, the token secret and the payment sandbox (useIntegrationEnv), the real
 * route table behind the local gateway, and a JSON client for it.
 */
export async function useAccountsEnv(): Promise<AccountsEnv> {
  const env = await useIntegrationEnv({ PUBLIC_APP_URL: APP_URL });
  // The outbox mailer prints every link it sends; the tests read the files instead.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const gateway = await startGateway();
  return { ...env, api: apiClient(gateway.base), close: () => gateway.close() };
}
