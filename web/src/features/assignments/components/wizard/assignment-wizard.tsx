/**
 * The assignment wizard (001 §2, §5, §9): five linear steps — Assignment Info, Select interview,
 * Select roles, Select evaluation, Recap — with Back, Next, Confirm and a close icon. Next goes on
 * only when the step validates (the contract's messages); completed steps are marked; the stepper
 * uses the contract's colours. Confirm creates the assignment (Draft). An admin, who belongs to no
 * organization, chooses the assignment's organization on the first step; the interviews,
 * evaluations, avatars and environments offered then follow it (changing it clears those choices).
 */
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Stepper } from '@mantine/core';
import { ContentType, messages, stepperColors, wizardSteps } from '@practica/contract';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { assignmentText } from '../../../../config/assignment-text';
import { useCreateAssignment } from '../../api/change-assignment';
import { useQuestionnaire } from '../../api/list-wizard-sources';
import { AssignmentInfoFields } from '../assignment-info-fields';
import { EvaluationStep } from './evaluation-step';
import { InterviewStep } from './interview-step';
import { RecapStep } from './recap-step';
import { RolesStep, type RenderAvatarPicker } from './roles-step';
import {
  emptyWizardForm,
  toBody,
  validateStep,
  type StepErrors,
  type WizardForm,
} from './wizard-form';

const stepLabels = [
  messages.stepAssignmentInfo,
  messages.stepSelectInterview,
  messages.stepSelectRoles,
  messages.stepSelectEvaluation,
  messages.stepRecap,
] as const;

/** An organization an admin may choose for the assignment. */
export interface WizardOrganization {
  id: number;
  name: string;
}

export interface AssignmentWizardProps {
  /** The user's own organization (null for an admin). */
  organizationId: number | null;
  /** When given (admins), the first step offers these organizations to choose from. */
  organizations?: readonly WizardOrganization[] | undefined;
  /** While `organizations` load. */
  organizationsLoading?: boolean;
  /** The close icon. */
  onClose: () => void;
  /** After the assignment was created. */
  onCreated: () => void;
  /** The single-selection avatar picker of the roles step. */
  renderAvatarPicker: RenderAvatarPicker;
}

/** The 5-step wizard (001 §2). */
export function AssignmentWizard({
  organizationId,
  organizations,
  organizationsLoading = false,
  onClose,
  onCreated,
  renderAvatarPicker,
}: AssignmentWizardProps) {
  const [active, setActive] = useState(0);
  const [form, setForm] = useState<WizardForm>(() => ({ ...emptyWizardForm, organizationId }));
  const [errors, setErrors] = useState<StepErrors>({ fields: {}, message: null });
  const interview = useQuestionnaire(form.interviewId);
  const create = useCreateAssignment();
  // One row per interview role, its avatar preselected, until the user changes one.
  const current: WizardForm =
    form.roles.length > 0 || !interview.data
      ? form
      : {
          ...form,
          roles: interview.data.roles.map((r) => ({
            roleId: r.id,
            name: r.name,
            avatarId: r.avatarId,
          })),
        };

  const update = (patch: Partial<WizardForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({ fields: {}, message: null });
  };

  const next = () => {
    const result = validateStep(active, current);
    setErrors(result);
    if (result.message || Object.keys(result.fields).length > 0) return false;
    return true;
  };

  const confirm = () => {
    if (!next()) return;
    create.mutate(toBody(current), { onSuccess: onCreated });
  };

  const colorOf = (index: number) =>
    index < active ? stepperColors.completed : index === active ? stepperColors.active : undefined;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stepper
            active={active}
            onStepClick={(step) => {
              if (step < active) setActive(step);
            }}
            allowNextStepsSelect={false}
            size="sm"
            style={{ flex: 1 }}
            styles={{
              stepIcon: { borderColor: stepperColors.inactive },
            }}
          >
            {stepLabels.slice(0, wizardSteps).map((label, index) => (
              <Stepper.Step
                key={label}
                label={label}
                color={colorOf(index)}
                styles={
                  index === active ? { stepIcon: { borderColor: stepperColors.active } } : undefined
                }
              />
            ))}
          </Stepper>
          <ActionIcon variant="subtle" aria-label={assignmentText.closeWizard} onClick={onClose}>
            <IconX size={20} />
          </ActionIcon>
        </Group>

        {errors.message && (
          <Alert color="red" role="alert">
            {errors.message}
          </Alert>
        )}

        {active === 0 && (
          <Stack gap="sm">
            {organizations && (
              <Select
                label={messages.organization}
                placeholder={assignmentText.organizationPlaceholder}
                description={assignmentText.organizationHint}
                withAsterisk
                searchable
                nothingFoundMessage={messages.noRecordsFound}
                disabled={organizationsLoading}
                data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
                value={form.organizationId ? String(form.organizationId) : null}
                error={errors.fields.organizationId}
                onChange={(value) => {
                  const chosen = value ? Number(value) : null;
                  if (chosen === form.organizationId) return;
                  // The composition belongs to the organization: start it afresh.
                  update({
                    ...emptyWizardForm,
                    name: form.name,
                    description: form.description,
                    closeDate: form.closeDate,
                    organizationId: chosen,
                  });
                }}
              />
            )}
            <AssignmentInfoFields
              values={form}
              errors={errors.fields}
              onChange={(values) => update(values)}
            />
          </Stack>
        )}
        {active === 1 && (
          <InterviewStep
            organizationId={form.organizationId}
            interviewId={form.interviewId}
            onPick={(row) =>
              update({
                interviewId: row.id,
                interviewName: row.name,
                roles: [],
              })
            }
          />
        )}
        {active === 2 && (
          <RolesStep
            organizationId={form.organizationId}
            interview={interview.data}
            roles={current.roles}
            environmentId={form.environmentId}
            onRolesChange={(roles) => update({ roles })}
            onEnvironmentChange={(environmentId) => update({ environmentId })}
            renderAvatarPicker={renderAvatarPicker}
          />
        )}
        {active === 3 && (
          <EvaluationStep
            organizationId={form.organizationId}
            ratingsId={form.ratingsId}
            feedbackId={form.feedbackId}
            onPick={(row) =>
              update(
                row.contentTypeId === ContentType.RatingScale
                  ? { ratingsId: row.id, ratingsName: row.name, ratingsTypeId: row.contentTypeId }
                  : {
                      feedbackId: row.id,
                      feedbackName: row.name,
                      feedbackTypeId: row.contentTypeId,
                    },
              )
            }
          />
        )}
        {active === 4 && <RecapStep form={current} interview={interview.data} />}

        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={active === 0}
            onClick={() => {
              setErrors({ fields: {}, message: null });
              setActive((s) => s - 1);
            }}
          >
            {messages.back}
          </Button>
          {active < wizardSteps - 1 ? (
            <Button
              onClick={() => {
                if (!next()) return;
                setActive((s) => s + 1);
              }}
            >
              {messages.next}
            </Button>
          ) : (
            <Button loading={create.isPending} onClick={confirm}>
              {messages.confirm}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
