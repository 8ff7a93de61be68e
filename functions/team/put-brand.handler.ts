import { BRAND_TEXTS, brandInput } from '../../shared/brand';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { saveBrand } from './brand-service';

const route = httpRoute('team/put-brand');

/** `PUT /api/team/brand` `{name, accentColor, logo}`: the PLUS owner's brand, replaced whole. */
export const handler = httpHandler({ route, body: brandInput }, async ({ user, body }) => ({
  success: true,
  message: BRAND_TEXTS.saved,
  data: { brand: await saveBrand(user, body) },
}));
