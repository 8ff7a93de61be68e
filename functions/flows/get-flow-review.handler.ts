import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { review } from './review-deps';

const route = httpRoute('flows/get-flow-review');

/** `GET /api/flows/{id}/review`: the intents waiting for the user's review (issue 23). */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: await review.queue(user, path.id),
}));
