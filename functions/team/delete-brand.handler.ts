import { BRAND_TEXTS } from '../../shared/brand';
import { httpHandler } from '../core/http-handler';
import { resetBrand } from './brand-service';

/** `DELETE /api/team/brand`: "Reset to default"; the app's own name, logo and colours show again. */
export const handler = httpHandler({}, async ({ user }) => {
  await resetBrand(user);
  return { success: true, message: BRAND_TEXTS.reset };
});
