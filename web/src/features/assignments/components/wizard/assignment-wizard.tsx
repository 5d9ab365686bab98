/**
 * The assignment wizard (001 §2, §5, §9): five linear steps — Assignment Info, Select interview,
 * Select roles, Select evaluation, Recap — with Back, Next, Confirm and a close icon. Next goes on
 * only when the step validates (the contract's messages); completed steps are marked; the stepper
 * uses the contract's colours. Confirm creates the assignment (Draft). An admin, who belongs to no
 * organization, chooses the assignment's organization on the first step; the interviews,
 * evaluations, avatars and environments offered then follow it (changing it clears those choices).
 *
 * Work is never lost (decisions.md#console-flows §1): the step is in the URL (`?step=n`, so the browser's Back and
 * Forward move between steps and a reload stays put; a step whose earlier steps are not complete
 * falls back to the first incomplete one), and what was entered is kept as the user's draft in
 * this browser until Confirm or a discard. Opened afresh with a draft, the wizard offers to
 * continue it. The close icon asks before discarding entered data; leaving the page asks first
 * (`LeaveGuard`). After Confirm (decisions.md#console-flows §6) the created assignment's panel adds trainees and
 * publishes in the same flow (`?created=<id>`).
 */
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { ContentType, messages, wizardSteps } from '@practica/contract';
import { IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { assignmentText } from '../../../../config/assignment-text';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';
import { useCreateAssignment } from '../../api/change-assignment';
import { useQuestionnaire } from '../../api/list-wizard-sources';
import { AssignmentInfoFields } from '../assignment-info-fields';
import { CreatedPanel } from './created-panel';
import { DraftOffer } from './draft-offer';
import { EvaluationStep } from './evaluation-step';
import { InterviewStep } from './interview-step';
import { LeaveGuard } from './leave-guard';
import { RecapStep } from './recap-step';
import { RolesStep, type RenderAvatarPicker } from './roles-step';
import {
  clearWizardDraft,
  hasEnteredData,
  readWizardDraft,
  writeWizardDraft,
  type WizardDraft,
} from './wizard-draft';
import {
  emptyWizardForm,
  toBody,
  validateStep,
  type StepErrors,
  type WizardForm,
} from './wizard-form';
import { useWizardLocation } from './wizard-location';
import { WizardStepper } from './wizard-stepper';

/** An organization an admin may choose for the assignment. */
export interface WizardOrganization {
  id: number;
  name: string;
}

export interface AssignmentWizardProps {
  /** The signed-in user: the draft is kept per user. */
  userId: number;
  /** The user's own organization (null for an admin). */
  organizationId: number | null;
  /** When given (admins), the first step offers these organizations to choose from. */
  organizations?: readonly WizardOrganization[] | undefined;
  /** While `organizations` load. */
  organizationsLoading?: boolean;
  /** The close icon (after the entered data, if any, was discarded). */
  onClose: () => void;
  /** After 'Publish now' on the created assignment: its detail. */
  onOpenAssignment: (assignmentId: number) => void;
  /** 'Keep as Draft' on the created assignment. */
  onKeptAsDraft: () => void;
  /** The single-selection avatar picker of the roles step. */
  renderAvatarPicker: RenderAvatarPicker;
}

/** The 5-step wizard (001 §2), then the created assignment's panel. */
export function AssignmentWizard(props: AssignmentWizardProps) {
  const location = useWizardLocation();
  if (location.createdId !== null)
    return (
      <CreatedPanel
        assignmentId={location.createdId}
        onOpenAssignment={props.onOpenAssignment}
        onKeptAsDraft={props.onKeptAsDraft}
      />
    );
  return <WizardSteps {...props} location={location} />;
}

const noErrors: StepErrors = { fields: {}, message: null };
const hasErrors = (result: StepErrors) =>
  result.message !== null || Object.keys(result.fields).length > 0;

/** The form of a kept draft, in the user's own organization unless the user chooses one. */
function formOf(
  draft: WizardDraft | null,
  organizationId: number | null,
  chooses: boolean,
): WizardForm {
  if (!draft) return { ...emptyWizardForm, organizationId };
  return chooses ? draft.form : { ...draft.form, organizationId };
}

function WizardSteps({
  userId,
  organizationId,
  organizations,
  organizationsLoading = false,
  onClose,
  renderAvatarPicker,
  location,
}: AssignmentWizardProps & { location: ReturnType<typeof useWizardLocation> }) {
  const chooses = organizations !== undefined;
  const [stored] = useState(() => readWizardDraft(userId));
  const [form, setForm] = useState<WizardForm>(() => formOf(stored, organizationId, chooses));
  // Opened afresh (no step in the URL) with a draft: offer to continue it.
  const [offer, setOffer] = useState(
    () => location.step === null && stored !== null && hasEnteredData(stored.form, organizationId),
  );
  // The errors of one step: shown while that step is on screen, until the form changes.
  const [failed, setFailed] = useState<{ step: number; result: StepErrors } | null>(null);
  const [persisted, setPersisted] = useState(true);
  const [discarding, setDiscarding] = useState(false);
  const allowLeave = useRef(false);
  const interview = useQuestionnaire(form.interviewId);
  const create = useCreateAssignment();
  const active = location.step ?? 0;
  const dirty = hasEnteredData(form, organizationId);
  const errors = failed?.step === active ? failed.result : noErrors;

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
  // The interview's roles are known (or there is no interview to wait for).
  const rolesKnown = form.interviewId === null || interview.data !== undefined || interview.isError;

  /** The first step before `step` that is not complete, or null. */
  const firstIncomplete = (step: number) => {
    for (let i = 0; i < step; i++) {
      const result = validateStep(i, current);
      if (hasErrors(result)) return { step: i, result };
    }
    return null;
  };

  // Opened without a step, the wizard is on step 1; once something is entered the URL says so
  // (a reload then keeps the step, where a bare URL with a draft offers it) — unless the offer's
  // answer is already moving to its step.
  const { step: urlStep, replace } = location;
  const answered = useRef(false);
  useEffect(() => {
    if (urlStep !== null) answered.current = false;
    else if (dirty && !offer && !answered.current) replace(0);
  }, [urlStep, dirty, offer, replace]);

  // A step whose earlier steps are incomplete (a draft gone, an old link, a due date now past)
  // falls back to the first incomplete step, showing its errors when something was entered.
  const incomplete = urlStep !== null && !offer && rolesKnown ? firstIncomplete(urlStep) : null;
  const fallback = incomplete?.step ?? null;
  const fallbackErrors = incomplete && dirty ? incomplete.result : null;
  useEffect(() => {
    if (fallback === null) return;
    replace(fallback);
    if (fallbackErrors) setFailed({ step: fallback, result: fallbackErrors });
    // fallbackErrors is a new object each render; the move is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fallback, replace]);

  // The draft follows every change (and the step), unless the offer is still open.
  useEffect(() => {
    if (offer) return;
    if (!hasEnteredData(form, organizationId)) {
      clearWizardDraft(userId);
      setPersisted(true);
      return;
    }
    setPersisted(writeWizardDraft(userId, { form, step: active, savedAt: Date.now() }));
  }, [form, active, offer, organizationId, userId]);

  const update = (patch: Partial<WizardForm>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setFailed(null);
  };

  const next = () => {
    const result = validateStep(active, current);
    setFailed(hasErrors(result) ? { step: active, result } : null);
    if (!hasErrors(result)) location.forward(active, active + 1);
  };

  const confirm = () => {
    const broken = firstIncomplete(wizardSteps);
    if (broken) {
      setFailed(broken);
      if (broken.step !== active) location.replace(broken.step);
      return;
    }
    create.mutate(toBody(current), {
      onSuccess: (created) => {
        clearWizardDraft(userId);
        allowLeave.current = true;
        location.created(created.id);
      },
    });
  };

  const close = () => {
    if (dirty) setDiscarding(true);
    else {
      allowLeave.current = true;
      onClose();
    }
  };

  if (offer && stored)
    return (
      <DraftOffer
        draft={stored}
        onContinue={() => {
          answered.current = true;
          setOffer(false);
          location.replace(stored.step);
        }}
        onStartOver={() => {
          clearWizardDraft(userId);
          setForm({ ...emptyWizardForm, organizationId });
          answered.current = true;
          setOffer(false);
          location.replace(0);
        }}
      />
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <WizardStepper
            active={active}
            onStepClick={(step) => {
              setFailed(null);
              location.jump(step);
            }}
          />
          <ActionIcon variant="subtle" aria-label={assignmentText.closeWizard} onClick={close}>
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
              setFailed(null);
              location.back(active);
            }}
          >
            {messages.back}
          </Button>
          {active < wizardSteps - 1 ? (
            <Button onClick={next}>{messages.next}</Button>
          ) : (
            <Button loading={create.isPending} onClick={confirm}>
              {messages.confirm}
            </Button>
          )}
        </Group>
      </Stack>
      <LeaveGuard dirty={dirty} persisted={persisted} allowLeave={allowLeave} />
      <DeleteDialog
        opened={discarding}
        onClose={() => setDiscarding(false)}
        title={assignmentWizardText.discardTitle}
        message={assignmentWizardText.discardMessage}
        confirmLabel={assignmentWizardText.discard}
        cancelLabel={assignmentWizardText.keepEditing}
        onConfirm={() => {
          clearWizardDraft(userId);
          allowLeave.current = true;
          onClose();
        }}
      />
    </Paper>
  );
}
