import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import type { FlowTemplate } from '../../../../../shared/flows';
import { FLOWS_PATH } from '../../../lib/flows/flow-paths';
import { notifyError } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/workspace';
import { useFlowTemplate } from '../api/setup';
import { TEMPLATE_PAGE_TEXTS } from '../setup-texts';

/**
 * Loads a flow template for its detail page or its wizard: a skeleton meanwhile, 'Template Not
 * Found' for an unknown id, and for any other failure 'Failed to load flow template' and back to the
 * list (spec 2.2, 2.3 and 8). `title` names the browser tab, with the template once it is in.
 */
export function FlowTemplateLoader({
  id,
  title,
  children,
}: {
  id: string;
  title: (template: FlowTemplate | undefined) => string;
  children: (template: FlowTemplate) => ReactNode;
}) {
  const navigate = useNavigate();
  const answer = useFlowTemplate(id);
  // The page under the template (the wizard's first step is some 400 elements) is drawn as a
  // transition, in slices the phone can interrupt: SWR's answer alone would draw it in one task.
  const template = useDeferredValue(answer.template);
  const { notFound, error } = answer;
  usePageTitle(title(template));
  const failed = Boolean(error) && !notFound;
  useEffect(() => {
    if (!failed) return;
    notifyError(FLOW_TEXTS.errors.loadTemplate);
    navigate(FLOWS_PATH, { replace: true });
  }, [failed, navigate]);

  if (notFound) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Title order={1} size="h2">
          {FLOW_TEXTS.empty.templateNotFound}
        </Title>
        <Text c="dimmed">{TEMPLATE_PAGE_TEXTS.notFoundText}</Text>
        <Anchor component={Link} to={FLOWS_PATH}>
          {TEMPLATE_PAGE_TEXTS.back}
        </Anchor>
      </Stack>
    );
  }
  if (!template) {
    return (
      <Stack aria-busy="true" aria-label={TEMPLATE_PAGE_TEXTS.loading}>
        <Skeleton height={36} width="50%" />
        <Skeleton height={90} />
        <Skeleton height={260} />
      </Stack>
    );
  }
  return children(template);
}
