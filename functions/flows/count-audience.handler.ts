import * as z from 'zod/mini';
import { type AudienceInput, audienceInput } from '../../shared/flow-audience';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { audiences } from './audience-deps';
import { refuseUnknownIndustries } from './flow-config';

const route = httpRoute('flows/count-audience');

/** Step 1's targeting, each industry one of LinkedIn's (which only the server holds), as a start checks it. */
const audienceBody = audienceInput.check(
  z.superRefine((input: AudienceInput, ctx) => refuseUnknownIndustries(input.targetingSettings, ctx)),
);

/**
 * `POST /api/flows/audience` (issue 36 point 2): how many people the connected LinkedIn account's search
 * finds for step 1's facets, within its search budget. PLUS only.
 */
export const handler = httpHandler({ route, body: audienceBody }, async ({ user, body }) => ({
  success: true,
  data: { audience: await audiences.count(user, body.targetingSettings) },
}));
