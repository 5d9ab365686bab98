/**
 * The wizard's form (001 §3 'Interview assignment form') and its per-step validation with the
 * contract's schema and messages (001 §5). The organization is part of the first step: an admin
 * (who has none) chooses it; everyone else's is their own. A due date before today is refused on
 * the first step with the server's message (decisions.md#console-flows §6).
 */
import {
  ContentType,
  assignmentWizardStepFields,
  idSchema,
  interviewAssignmentFormSchema,
  messages,
  type CreateInterviewAssignmentBody,
  type InterviewAssignmentForm,
} from '@practica/contract';
import { assignmentText } from '../../../../config/assignment-text';
import { closeDateRefusal, localIsoDate } from '../assignment-info-fields';

export interface WizardRole {
  roleId: number;
  name: string;
  avatarId: number | null;
}

export interface WizardForm {
  /** The assignment's organization; null until an admin chooses one. */
  organizationId: number | null;
  name: string;
  description: string;
  closeDate: string;
  interviewId: number | null;
  interviewName: string;
  roles: WizardRole[];
  environmentId: number | null;
  ratingsId: number | null;
  ratingsName: string;
  ratingsTypeId: number | null;
  feedbackId: number | null;
  feedbackName: string;
  feedbackTypeId: number | null;
}

export const emptyWizardForm: WizardForm = {
  organizationId: null,
  name: '',
  description: '',
  closeDate: '',
  interviewId: null,
  interviewName: '',
  roles: [],
  environmentId: null,
  ratingsId: null,
  ratingsName: '',
  ratingsTypeId: null,
  feedbackId: null,
  feedbackName: '',
  feedbackTypeId: null,
};

/** The request body of a form (ids the user has not chosen yet become 0). */
export function toBody(form: WizardForm): CreateInterviewAssignmentBody {
  return {
    name: form.name,
    description: form.description,
    closeDate: form.closeDate === '' ? null : form.closeDate,
    organizationId: form.organizationId ?? 0,
    interviewId: form.interviewId ?? 0,
    environmentId: form.environmentId ?? 0,
    roles: form.roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId ?? 0 })),
    ratingsId: form.ratingsId ?? 0,
    feedbackId: form.feedbackId ?? 0,
  };
}

export interface StepErrors {
  /** Field messages of the first step. */
  fields: Partial<Record<'organizationId' | 'name' | 'description' | 'closeDate', string>>;
  /** The step's message (steps 2 to 5). */
  message: string | null;
}

const noErrors: StepErrors = { fields: {}, message: null };

/**
 * Validates one step (0-based) of `form`; no errors means Next may go on. `today` (`YYYY-MM-DD`,
 * the browser's date by default) is the earliest due date allowed.
 */
export function validateStep(
  step: number,
  form: WizardForm,
  today: string = localIsoDate(),
): StepErrors {
  const keys = assignmentWizardStepFields[step] ?? [];
  if (keys.length === 0) {
    // Recap: the content types of the chosen evaluations (001 §5).
    if (form.feedbackTypeId !== ContentType.Feedback) {
      return { fields: {}, message: messages.invalidFeedbackSelection };
    }
    if (form.ratingsTypeId !== ContentType.RatingScale) {
      return { fields: {}, message: messages.invalidRatingsSelection };
    }
    return noErrors;
  }
  const mask = Object.fromEntries(keys.map((k) => [k, true])) as {
    [K in keyof InterviewAssignmentForm]?: true;
  };
  const schema = interviewAssignmentFormSchema.pick(mask);
  const result = schema.safeParse(toBody(form));
  const organizationMissing = step === 0 && !idSchema.safeParse(form.organizationId).success;
  const pastDate = step === 0 ? closeDateRefusal(form.closeDate, null, today) : null;
  if (result.success && !organizationMissing && !pastDate) return noErrors;
  if (step === 0) {
    const fields: StepErrors['fields'] = organizationMissing
      ? { organizationId: assignmentText.organizationRequired }
      : {};
    if (pastDate) fields.closeDate = pastDate;
    for (const issue of result.success ? [] : result.error.issues) {
      const key = issue.path[0];
      if ((key === 'name' || key === 'description' || key === 'closeDate') && !fields[key]) {
        fields[key] = issue.message;
      }
    }
    return { fields, message: null };
  }
  return {
    fields: {},
    message: (!result.success && result.error.issues[0]?.message) || messages.somethingWentWrong,
  };
}
