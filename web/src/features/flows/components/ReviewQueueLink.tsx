import { Anchor, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { flowReviewPath } from '../../../lib/flows/flow-paths';
import { REVIEW_LINK_TEXT } from '../review-words';

/**
 * The way to a flow's review queue, from its card on the flows list and from its analytics. Shown
 * whatever the flow's review mode: the screen is also where the mode is changed.
 */
export function ReviewQueueLink({ flowId, flowName }: { flowId: string; flowName?: string }) {
  return (
    <Anchor component={Link} to={flowReviewPath(flowId)} size="sm" fw={600}>
      {REVIEW_LINK_TEXT}
      {flowName && (
        <>
          {' '}
          <VisuallyHidden>of {flowName}</VisuallyHidden>
        </>
      )}
    </Anchor>
  );
}
