import { Stepper } from '@mantine/core';
import { FLOW_WIZARD_STEPS } from '../../../../../shared/flow-options';

/**
 * The wizard's four steps across the top, on screens from Mantine's `sm` up (a phone has the step's
 * heading, 'Step 1 of 4: Target Audience', instead). A step up to the furthest reached is a button
 * back to it. Its code loads on such screens only (wizard-stepper.ts, issue 38 point 2).
 */
export function WizardStepper({
  active,
  reached,
  onStepClick,
}: {
  active: number;
  /** The furthest step reached through Next. */
  reached: number;
  onStepClick: (step: number) => void;
}) {
  return (
    <Stepper
      active={active}
      onStepClick={(step) => step <= reached && onStepClick(step)}
      size="sm"
      aria-label="Setup steps"
    >
      {FLOW_WIZARD_STEPS.map((title, index) => (
        <Stepper.Step
          key={title}
          label={title}
          allowStepSelect={index <= reached && index !== active}
          aria-current={index === active ? 'step' : undefined}
          data-testid="wizard-step"
        />
      ))}
    </Stepper>
  );
}
