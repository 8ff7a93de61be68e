import { Button, Card, Grid, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlay, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Template } from '../../../../../shared/catalogue';
import { MAX_EXAMPLES } from '../../../../../shared/catalogue-values';
import { countsAsRunning } from '../../../../../shared/plan-policy';
import { ApiError } from '../../../lib/api-client';
import { AUTOMATIONS_KEY, fetchAutomations, STATS_KEY } from '../../../lib/automations';
import { flowSetupPath } from '../../../lib/flows/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getAccessToken, useWorkspacePlan } from '../../../lib/session';
import { startAutomation } from '../api/catalogue';
import { checkStart, START_TEXTS } from '../api/start-trob';
import { type FormValues, initialValues, presetValues, toConfig } from '../config-form';
import { planLocks, withinPlan } from '../plan-choices';
import { ConfigFields } from './ConfigForm';
import { ConnectionRequiredModal } from './ConnectionRequiredModal';

export const CONFIGURE_TEXTS = {
  reset: 'Reset to Defaults',
  panel: 'Configure & Start',
  presets: 'Quick Templates',
  startAutomation: 'Start Automation',
  startFlow: 'Start Flow',
  started: 'Automation started',
  fixFields: 'Please fix the highlighted fields.',
  flowSetup:
    'A flow is set up in four steps (target audience, messaging, execution and a review): Start Flow opens its setup.',
} as const;

/** Spec 2.10 Configure: the schema's form, Reset to Defaults, Start, and the Quick Templates panel. */
export function TrobConfigure({
  template,
  isConnected,
}: {
  template: Template;
  /** Runs the connection check again (the user may have connected since the page opened). */
  isConnected: () => Promise<boolean>;
}) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const workspace = useWorkspacePlan();
  // Issue 10 point 11: what the plan lacks shows where it is chosen, and no default or preset picks it.
  const locks = useMemo(
    () => planLocks(template.configSchema, workspace?.plan),
    [template.configSchema, workspace?.plan],
  );
  const defaults = useMemo(
    () =>
      withinPlan(template.configSchema, initialValues(template.configSchema, template.defaultConfig), locks),
    [template.configSchema, template.defaultConfig, locks],
  );
  const form = useForm<FormValues>({ defaultValues: defaults });
  const [connectionRequired, setConnectionRequired] = useState(false);
  // The start button is disabled while checking, which drops its focus: the dialog gives it back here.
  const startRef = useRef<HTMLButtonElement>(null);
  const panelHeading = useId();
  const startLabel = template.isFlow ? CONFIGURE_TEXTS.startFlow : CONFIGURE_TEXTS.startAutomation;

  const countRunning = async () => {
    try {
      return (await fetchAutomations()).filter((a) => countsAsRunning(a.status)).length;
    } catch {
      return undefined;
    }
  };

  // The server's config issues are paths like 'config.postSettings.linkedinPostUrl': the form's fields.
  const showServerIssues = (issues: readonly { path: string; message: string }[]) => {
    for (const issue of issues) {
      if (!issue.path.startsWith('config.')) continue;
      form.setError(issue.path.slice('config.'.length).replace(/\.\d+$/, ''), { message: issue.message });
    }
  };

  const onStart = form.handleSubmit(async (values) => {
    const block = await checkStart({
      user: workspace,
      template,
      isConnected,
      runningCount: countRunning,
      accessToken: getAccessToken(),
    });
    if (block?.kind === 'connection-required') {
      setConnectionRequired(true);
      return;
    }
    if (block) {
      notifyError(block.message);
      if (block.redirectTo) navigate(block.redirectTo);
      return;
    }
    // A flow template is set up in the flow wizard (issue 20 point 3), which takes its own config.
    if (template.isFlow) {
      navigate(flowSetupPath(template.id));
      return;
    }
    const { config, issues } = toConfig(template.configSchema, values);
    if (issues.length > 0) {
      for (const issue of issues) form.setError(issue.field, { message: issue.message });
      notifyError(CONFIGURE_TEXTS.fixFields);
      return;
    }
    try {
      const automation = await startAutomation({ templateId: template.id, config, userCookies: [] });
      notifySuccess(CONFIGURE_TEXTS.started);
      // Its detail page reads the list, and the dashboard's counters count it: both reload.
      await Promise.all([mutate(AUTOMATIONS_KEY), mutate(STATS_KEY)]);
      navigate(`/automations/${encodeURIComponent(automation.id)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        showServerIssues(error.issues);
      }
      notifyError(START_TEXTS.failed(error instanceof ApiError ? error.message : String(error)));
    }
  });

  // A flow's setup has its own steps: the catalogue's form and presets are for trobs.
  const examples = template.isFlow ? [] : template.examples.slice(0, MAX_EXAMPLES);

  return (
    <Grid gap="lg">
      {/* First in reading order: on a phone the presets come before the form, not after Start. */}
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" component="aside" aria-labelledby={panelHeading}>
          <Title order={2} size="h4" id={panelHeading}>
            {CONFIGURE_TEXTS.panel}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {template.isFlow
              ? 'Flows run on schedules and keep their state across runs.'
              : 'Start from a preset, adjust what you need, then start.'}
          </Text>
          {examples.length > 0 && (
            <Stack gap="xs" mt="md">
              <Text fw={600} size="sm">
                {CONFIGURE_TEXTS.presets}
              </Text>
              {examples.map((example) => (
                <UnstyledButton
                  key={example.title}
                  onClick={() =>
                    form.reset(
                      withinPlan(
                        template.configSchema,
                        presetValues(template.configSchema, template.defaultConfig, example.config),
                        locks,
                      ),
                    )
                  }
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
                >
                  {/* Named by its visible text, after a hidden 'Use preset:' (WCAG 2.5.3). */}
                  <Text fw={600} size="sm">
                    <VisuallyHidden>Use preset:</VisuallyHidden> {example.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {example.description}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Card withBorder padding="lg">
          <form onSubmit={onStart} noValidate aria-label="Configuration">
            <Stack gap="lg">
              {template.isFlow ? (
                <Text size="sm">{CONFIGURE_TEXTS.flowSetup}</Text>
              ) : (
                <ConfigFields schema={template.configSchema} control={form.control} locks={locks} />
              )}
              <Group justify={template.isFlow ? 'flex-end' : 'space-between'}>
                {!template.isFlow && (
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} aria-hidden />}
                    onClick={() => form.reset(defaults)}
                  >
                    {CONFIGURE_TEXTS.reset}
                  </Button>
                )}
                <Button
                  ref={startRef}
                  type="submit"
                  loading={form.formState.isSubmitting}
                  leftSection={
                    template.isFlow ? (
                      <IconSparkles size={16} aria-hidden />
                    ) : (
                      <IconPlayerPlay size={16} aria-hidden />
                    )
                  }
                >
                  {startLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <ConnectionRequiredModal
        opened={connectionRequired}
        onClose={() => setConnectionRequired(false)}
        returnFocusTo={startRef}
        platform={template.platform}
      />
    </Grid>
  );
}
