import { flowIdParams } from '../../shared/flow-api';
import { REVIEW_TEXTS } from '../../shared/review';
import { reviewModeInput } from '../../shared/review-requests';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { review } from './review-deps';

const route = httpRoute('flows/set-flow-review-mode');

/** `PUT /api/flows/{id}/review-mode`: the flow's review mode, changeable at any time (issue 23). */
export const handler = httpHandler(
  { route, path: flowIdParams, body: reviewModeInput },
  async ({ user, path, body }) => ({
    success: true,
    message: REVIEW_TEXTS.modeSaved,
    data: await review.setMode(user, path.id, body.reviewMode),
  }),
);
