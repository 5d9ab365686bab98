/**
 * The wizard's draft (decisions.md#console-flows §1): what the user entered and the step reached, kept in this
 * browser's local storage per signed-in user until Confirm or an explicit discard, so a reload, a
 * trip elsewhere in the console or a closed tab loses nothing. Logging out clears all local
 * storage (000 §7), this draft with it. A stored value that is not a draft (another version, a
 * hand edit) is ignored, never trusted.
 */
import { wizardSteps } from '@practica/contract';
import { z } from 'zod';
import { emptyWizardForm, type WizardForm } from './wizard-form';

/** A stored draft: the form, the 0-based step the user was on, when it was saved (ms). */
export interface WizardDraft {
  form: WizardForm;
  step: number;
  savedAt: number;
}

/** Local storage key of user `userId`'s draft. */
export const wizardDraftKey = (userId: number) => `practica.assignmentWizard.${userId}`;

const optionalId = z.number().int().positive().nullable();
const storedDraftSchema = z.object({
  form: z.object({
    organizationId: optionalId,
    name: z.string(),
    description: z.string(),
    closeDate: z.string(),
    interviewId: optionalId,
    interviewName: z.string(),
    roles: z.array(
      z.object({ roleId: z.number().int().positive(), name: z.string(), avatarId: optionalId }),
    ),
    environmentId: optionalId,
    ratingsId: optionalId,
    ratingsName: z.string(),
    ratingsTypeId: optionalId,
    feedbackId: optionalId,
    feedbackName: z.string(),
    feedbackTypeId: optionalId,
  }),
  step: z
    .number()
    .int()
    .min(0)
    .max(wizardSteps - 1),
  savedAt: z.number(),
});

/** User `userId`'s draft; null when none, unreadable, or storage is unavailable. */
export function readWizardDraft(userId: number): WizardDraft | null {
  try {
    const raw = window.localStorage.getItem(wizardDraftKey(userId));
    if (raw === null) return null;
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Stores user `userId`'s draft. Answers whether it was kept: false when storage is full or
 * disabled (private mode), so leaving the page would lose what was entered.
 */
export function writeWizardDraft(userId: number, draft: WizardDraft): boolean {
  try {
    window.localStorage.setItem(wizardDraftKey(userId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** Forgets user `userId`'s draft (after Confirm or a discard). */
export function clearWizardDraft(userId: number): void {
  try {
    window.localStorage.removeItem(wizardDraftKey(userId));
  } catch {
    // Storage disabled: there is nothing stored to forget.
  }
}

/**
 * Whether the user entered anything: a text, a due date or any choice. `organizationId` is the
 * form's starting organization (the user's own; null for an admin, whose choice then counts).
 */
export function hasEnteredData(form: WizardForm, organizationId: number | null): boolean {
  const start = { ...emptyWizardForm, organizationId };
  return (
    form.name.trim() !== '' ||
    form.description.trim() !== '' ||
    form.closeDate !== '' ||
    form.organizationId !== start.organizationId ||
    form.interviewId !== null ||
    form.roles.length > 0 ||
    form.environmentId !== null ||
    form.ratingsId !== null ||
    form.feedbackId !== null
  );
}
