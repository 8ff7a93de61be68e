import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { review } from './review-deps';

/** `GET /api/flows/{id}/review`: the intents waiting for the user's review (issue 23). */
export const handler = httpHandler({ path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: await review.queue(user, path.id),
}));
