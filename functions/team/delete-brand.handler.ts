import { BRAND_TEXTS } from '../../shared/brand';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { resetBrand } from './brand-service';

const route = httpRoute('team/delete-brand');

/** `DELETE /api/team/brand`: "Reset to default"; the app's own name, logo and colours show again. */
export const handler = httpHandler({ route }, async ({ user }) => {
  await resetBrand(user);
  return { success: true, message: BRAND_TEXTS.reset };
});
