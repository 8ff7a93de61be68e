import useSWR from 'swr';
import type { ApiKeyView, CreatedApiKey } from '../../../../../shared/api-key-texts';
import type { CreateApiKeyInput } from '../../../../../shared/api-keys';
import { del, post } from '../../../lib/api-client';
import { withFields } from '../../../lib/swr-answers';

/** The Developers card's calls (issue 39): the workspace's API keys. The SWR key is the API path. */
export const API_KEYS_KEY = '/keys';

/** `GET /api/keys`; nothing is asked while `enabled` is false (a plan without keys). */
export function useApiKeys(enabled: boolean) {
  const answer = useSWR<{ data: { keys: ApiKeyView[] } }>(enabled ? API_KEYS_KEY : null, {
    shouldRetryOnError: false,
  });
  return withFields(answer, { apiKeys: answer.data?.data.keys });
}

/** `POST /api/keys`: 201 with the key and its secret, which is never answered again. */
export function createApiKey(input: CreateApiKeyInput) {
  return post<{ data: CreatedApiKey }>(API_KEYS_KEY, input);
}

/** `DELETE /api/keys/{id}`: the key stops working at once. */
export function revokeApiKey(id: string) {
  return del<{ success: boolean }>(`${API_KEYS_KEY}/${encodeURIComponent(id)}`);
}
