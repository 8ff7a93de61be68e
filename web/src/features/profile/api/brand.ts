import useSWR from 'swr';
import type { BrandInput, BrandView } from '../../../../../shared/brand';
import { del, put } from '../../../lib/api-client';
import { withFields } from '../../../lib/swr-answers';

/**
 * The Brand section's calls (DECISIONS 32): the workspace owner's brand. The SWR key is the API path,
 * fetched by the app's one client.
 */
export const BRAND_KEY = '/team/brand';

interface BrandResponse {
  data: { brand: BrandView };
}

export interface BrandSaved {
  success: boolean;
  message?: string;
  data: { brand: BrandView };
}

/** `GET /api/team/brand`; nothing is asked while `enabled` is false (a plan without white label). */
export function useBrand(enabled: boolean) {
  const answer = useSWR<BrandResponse>(enabled ? BRAND_KEY : null, { shouldRetryOnError: false });
  return withFields(answer, { brand: answer.data?.data.brand });
}

/** `PUT /api/team/brand` `{name, accentColor, logo}`: the whole brand, the logo as a data URL or null. */
export function saveBrand({ name, accentColor, logo }: BrandInput) {
  return put<BrandSaved>(BRAND_KEY, { name, accentColor, logo });
}

/** `DELETE /api/team/brand`: back to the product's own name, logo and colours. */
export function resetBrand() {
  return del<{ success: boolean; message?: string }>(BRAND_KEY);
}
