import { flowIdParams } from '../../shared/flow-api';
import { reviewDecisionsInput } from '../../shared/review-requests';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { review } from './review-deps';

const route = httpRoute('flows/decide-flow-review');

/** `POST /api/flows/{id}/review`: approve (as written or edited) or skip waiting intents (issue 23). */
export const handler = httpHandler(
  { route, path: flowIdParams, body: reviewDecisionsInput },
  async ({ user, path, body }) => ({
    success: true,
    data: await review.decide(user, path.id, body.decisions),
  }),
);
