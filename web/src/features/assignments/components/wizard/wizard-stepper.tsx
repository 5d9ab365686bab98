/**
 * The wizard's stepper (001 §2, §9): the five step labels in the contract's colours, completed
 * steps marked and clickable (going back only), the current one highlighted. `active` equal to
 * the number of steps shows every step completed (the panel after Confirm). On a phone-wide
 * screen (below Mantine's `sm`) the five steps would stack into a column above the form: there
 * one line says which step of five this is.
 */
import { Box, Stepper, Text } from '@mantine/core';
import { messages, stepperColors, wizardSteps } from '@practica/contract';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';

/** The step labels, in order. */
export const stepLabels = [
  messages.stepAssignmentInfo,
  messages.stepSelectInterview,
  messages.stepSelectRoles,
  messages.stepSelectEvaluation,
  messages.stepRecap,
] as const;

export interface WizardStepperProps {
  /** The current step, 0-based; `wizardSteps` when all are done. */
  active: number;
  /** A completed step was clicked (absent: steps are not clickable). */
  onStepClick?: (step: number) => void;
}

/** The stepper of the wizard. */
export function WizardStepper({ active, onStepClick }: WizardStepperProps) {
  const colorOf = (index: number) =>
    index < active ? stepperColors.completed : index === active ? stepperColors.active : undefined;
  return (
    <Box style={{ flex: 1, minWidth: 0 }}>
      {active < wizardSteps && (
        <Text hiddenFrom="sm" fw={600}>
          {assignmentWizardText.stepOf(active + 1, wizardSteps, stepLabels[active] ?? '')}
        </Text>
      )}
      <Stepper
        visibleFrom={active < wizardSteps ? 'sm' : undefined}
        active={active}
        onStepClick={(step) => {
          if (step < active) onStepClick?.(step);
        }}
        allowNextStepsSelect={false}
        size="sm"
        styles={{
          stepIcon: { borderColor: stepperColors.inactive },
        }}
      >
        {stepLabels.slice(0, wizardSteps).map((label, index) => (
          <Stepper.Step
            key={label}
            label={label}
            color={colorOf(index)}
            allowStepSelect={onStepClick !== undefined && index < active}
            styles={
              index === active ? { stepIcon: { borderColor: stepperColors.active } } : undefined
            }
          />
        ))}
      </Stepper>
    </Box>
  );
}
