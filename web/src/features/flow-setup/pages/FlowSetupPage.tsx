import { Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { FLOW_WIZARD_STEPS, PRESELECTED_INDUSTRIES } from '../../../../../shared/flow-options';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import type { FlowExample, FlowTemplate } from '../../../../../shared/flows';
import { ApiError } from '../../../lib/api-client';
import { FLOWS_KEY } from '../../../lib/flows/flow-api';
import { flowsTabPath, flowTemplatePath } from '../../../lib/flows/flow-paths';
import {
  countTrialExecution,
  isTrialLimitRefusal,
  markTrialLimitReached,
  TRIAL_LIMIT_MESSAGE,
  trialLimitReached,
} from '../../../lib/flows/trial-executions';
import { useLazyModule } from '../../../lib/lazy-module';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useWorkspacePlan } from '../../../lib/session';
import { BackLink } from '../../../lib/ui/BackLink';
import { createFlow, useIndustryOptions } from '../api/setup';
import { FlowTemplateLoader } from '../components/FlowTemplateLoader';
import { laterSteps } from '../components/later-steps';
import { listPickers } from '../components/list-pickers';
import { TargetingStep } from '../components/TargetingStep';
import { TemplateExamples } from '../components/TemplateExamples';
import { hasPlusPlan, UpgradeRequired } from '../components/UpgradeRequired';
import { preloadStepperOnWideScreens, useWizardStepper } from '../components/wizard-stepper';
import { WIZARD_TEXTS } from '../setup-texts';
import { wizardChecks, wizardResolver } from '../wizard-checks';
import {
  exampleTargeting,
  initialValues,
  STEP_SECTIONS,
  templateIndustriesFirst,
  type WizardOutput,
  type WizardValues,
} from '../wizard-form';

const LAST_STEP = FLOW_WIZARD_STEPS.length - 1;

preloadStepperOnWideScreens();

/** The step of a config path ('targetingSettings.keywords' is step 0). */
const stepOf = (path: string) => (STEP_SECTIONS as readonly string[]).indexOf(path.split('.')[0] ?? '');

/** The API's message, or the spec's 'Failed to start flow' when it gave none worth showing. */
function startFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return FLOW_TEXTS.errors.start;
  if (error.code === 'NETWORK_ERROR' || error.code === 'UNEXPECTED_RESPONSE') return FLOW_TEXTS.errors.start;
  return error.message || FLOW_TEXTS.errors.start;
}

function Wizard({ template }: { template: FlowTemplate }) {
  const navigate = useNavigate();
  const workspace = useWorkspacePlan();
  const { mutate } = useSWRConfig();
  const [active, setActive] = useState(0);
  // The furthest step reached through Next: the stepper goes back to any step up to it.
  const [reached, setReached] = useState(0);
  const [starting, setStarting] = useState(false);
  // Next waits for the checks and steps 2 to 4's code when they are not in yet (they load on the first
  // use of the form): busy meanwhile, keeping the keyboard's focus (a disabled button would drop it).
  const [advancing, setAdvancing] = useState(false);
  const later = useLazyModule(laterSteps);
  const heading = useRef<HTMLHeadingElement>(null);
  const WizardStepper = useWizardStepper();
  const industryLabels = useRef(new Map<string, string>()).current;
  const industries = useIndustryOptions();
  // The template page's 'Use this example' opens the wizard on that example (?example=1 is the first).
  const [search] = useSearchParams();
  const form = useForm<WizardValues, unknown, WizardOutput>({
    resolver: wizardResolver,
    defaultValues: startingValues(template, search.get('example')),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  for (const option of industries.options ?? []) industryLabels.set(option.value, option.label);
  const industryOptions = useMemo(
    () => industries.options && templateIndustriesFirst(industries.options, template),
    [industries.options, template],
  );
  const applyExample = (example: FlowExample) => {
    const targeting = exampleTargeting(example, form.getValues('targetingSettings'));
    form.setValue('targetingSettings', targeting, { shouldDirty: true });
    form.clearErrors('targetingSettings');
  };

  // Spec 8: a failed load says so once; the picker then offers the built-in five.
  useEffect(() => {
    if (industries.failed) notifyError(FLOW_TEXTS.errors.loadIndustries);
  }, [industries.failed]);

  // Spec 2.3, 9: a template without industries of its own gets the first 2 once the list is in, unless
  // the user chose already.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !industries.options) return;
    preselected.current = true;
    if (form.getFieldState('targetingSettings.industries').isDirty) return;
    if (form.getValues('targetingSettings.industries').length > 0) return;
    form.setValue(
      'targetingSettings.industries',
      industries.options.slice(0, PRESELECTED_INDUSTRIES).map((option) => option.value),
    );
  }, [industries.options, form]);

  // Each new step is announced by moving the keyboard's focus to its heading (not on first render).
  const shownStep = useRef(0);
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    heading.current?.focus();
  }, [active]);

  const goTo = (step: number) => {
    setActive(step);
    setReached((furthest) => Math.max(furthest, step));
  };

  const next = async () => {
    const section = STEP_SECTIONS[active];
    if (!section || advancing) return;
    if (!later || !wizardChecks.current()) setAdvancing(true);
    const [checks, steps] = await Promise.all([wizardChecks.load(), laterSteps.load()]);
    if (!checks || !steps) {
      setAdvancing(false);
      notifyError(WIZARD_TEXTS.stepLoadFailed);
      return;
    }
    const valid = await form.trigger(section, { shouldFocus: true });
    setAdvancing(false);
    if (valid) goTo(active + 1);
  };

  /** The first step (1 to 3) with an error, to show the user where to look. */
  const firstInvalidStep = () =>
    STEP_SECTIONS.findIndex(
      (section) => form.getFieldState(section).invalid || form.formState.errors[section],
    );

  const onInvalid = () => {
    notifyError(FLOW_TEXTS.wizard.fixErrors);
    const step = firstInvalidStep();
    if (step >= 0) goTo(step);
  };

  // Spec 5 'Final start': steps 1 to 3 revalidated, then POST /api/flows.
  const onValid = async ({ name, ...config }: WizardOutput) => {
    if (trialLimitReached(workspace)) {
      notifyError(TRIAL_LIMIT_MESSAGE);
      navigate('/pricing');
      return;
    }
    setStarting(true);
    try {
      await createFlow({ templateId: template.id, config, name });
      if (workspace?.plan === 'TRIAL') countTrialExecution(workspace.id);
      notifySuccess(FLOW_TEXTS.toasts.started);
      await mutate(FLOWS_KEY);
      navigate(flowsTabPath('running'));
    } catch (error) {
      setStarting(false);
      if (isTrialLimitRefusal(error)) {
        if (workspace) markTrialLimitReached(workspace.id);
        notifyError(TRIAL_LIMIT_MESSAGE);
        navigate('/pricing');
        return;
      }
      // A field the server refused (an industry LinkedIn does not know): shown where it was chosen.
      let step = -1;
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          if (!issue.path.startsWith('config.')) continue;
          const path = issue.path.slice('config.'.length).replace(/(\.\d+)+$/, '');
          if (stepOf(path) < 0) continue;
          form.setError(path as FieldPath<WizardValues>, { type: 'server', message: issue.message });
          if (step < 0) step = stepOf(path);
        }
      }
      notifyError(startFailure(error));
      if (step >= 0) goTo(step);
    }
  };

  const start = form.handleSubmit(onValid, onInvalid);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {WIZARD_TEXTS.title(template.displayName)}
        </Title>
        <Text c="dimmed">{WIZARD_TEXTS.subtitle}</Text>
      </div>

      {WizardStepper && <WizardStepper active={active} reached={reached} onStepClick={goTo} />}

      <Card withBorder padding="lg">
        <form
          noValidate
          aria-labelledby="wizard-step-heading"
          // The first use of the form asks for the code the first drawing goes without: the lists'
          // pickers, the checks and steps 2 to 4.
          onFocus={() => {
            void listPickers.load();
            void wizardChecks.load();
            void laterSteps.load();
          }}
          onSubmit={(event) => {
            event.preventDefault();
            if (active === LAST_STEP) void start();
            else void next();
          }}
        >
          <Stack gap="lg">
            <Title order={2} size="h3" id="wizard-step-heading" ref={heading} tabIndex={-1}>
              {WIZARD_TEXTS.stepHeading(active, FLOW_WIZARD_STEPS.length, FLOW_WIZARD_STEPS[active]!)}
            </Title>
            {active === 0 && (
              <>
                <TemplateExamples examples={template.examples} onUse={applyExample} />
                <TargetingStep
                  form={form}
                  industryOptions={industryOptions}
                  industryLabels={industryLabels}
                />
              </>
            )}
            {/* Steps 2 to 4 are reached through Next, which waits for their code. */}
            {active === 1 && later && <later.MessagingStep form={form} />}
            {active === 2 && later && <later.ExecutionStep form={form} />}
            {active === 3 && later && (
              <later.WatchedReviewStep
                form={form}
                templateName={template.displayName}
                industryLabel={(value) => industryLabels.get(value) ?? value}
              />
            )}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                disabled={active === 0 || starting}
                onClick={() => goTo(active - 1)}
              >
                {WIZARD_TEXTS.previous}
              </Button>
              {active === LAST_STEP ? (
                <Button type="submit" loading={starting} leftSection={<IconSparkles size={16} aria-hidden />}>
                  {WIZARD_TEXTS.startFlow}
                </Button>
              ) : (
                <Button
                  type="submit"
                  aria-busy={advancing || undefined}
                  aria-disabled={advancing || undefined}
                  rightSection={
                    advancing ? (
                      <Loader size={14} color="currentColor" aria-hidden />
                    ) : (
                      <IconArrowRight size={16} aria-hidden />
                    )
                  }
                >
                  {WIZARD_TEXTS.next}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** The template's defaults, with the audience of the example the template page chose, if any. */
function startingValues(template: FlowTemplate, exampleParam: string | null): WizardValues {
  const values = initialValues(template);
  const example = exampleParam === null ? undefined : template.examples[Number(exampleParam) - 1];
  if (example) values.targetingSettings = exampleTargeting(example, values.targetingSettings);
  return values;
}

/** Spec 2.3, /flows/setup/{templateId}: PLUS only (DECISIONS 3), else 'Upgrade Required'. */
export default function FlowSetupPage() {
  const { templateId = '' } = useParams();
  const workspace = useWorkspacePlan();
  if (!hasPlusPlan(workspace)) return <UpgradeRequired />;
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <BackLink to={flowTemplatePath(templateId)}>Back to the template</BackLink>
        <FlowTemplateLoader
          id={templateId}
          title={(template) => `Set up ${template?.displayName ?? 'a flow'}`}
        >
          {(template) => <Wizard template={template} />}
        </FlowTemplateLoader>
      </Stack>
    </Container>
  );
}
