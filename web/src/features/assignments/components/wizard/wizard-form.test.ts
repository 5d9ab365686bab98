/**
 * The wizard's step validation gives the spec's messages (001 §5) in step order; the first step
 * also needs the organization (an admin's choice) and the body carries it, and refuses a due date
 * before today as the server does (decisions.md#console-flows §6).
 */
import { ContentType, messages } from '@practica/contract';
import { describe, expect, it } from 'vitest';
import { assignmentText } from '../../../../config/assignment-text';
import { closeDateRefusal } from '../assignment-info-fields';
import { emptyWizardForm, toBody, validateStep, type WizardForm } from './wizard-form';

const filled: WizardForm = {
  ...emptyWizardForm,
  organizationId: 3,
  name: 'Mock',
  description: 'Practise',
  interviewId: 4,
  roles: [{ roleId: 1, name: 'Interviewer', avatarId: 2 }],
  environmentId: 7,
  ratingsId: 8,
  ratingsTypeId: ContentType.RatingScale,
  feedbackId: 9,
  feedbackTypeId: ContentType.Feedback,
};

describe('validateStep', () => {
  it('asks for title and description on the first step', () => {
    expect(validateStep(0, { ...emptyWizardForm, organizationId: 3 }).fields).toEqual({
      name: messages.titleRequired,
      description: messages.descriptionRequired,
    });
  });

  it('asks for the organization on the first step until one is chosen', () => {
    expect(validateStep(0, { ...filled, organizationId: null })).toEqual({
      fields: { organizationId: assignmentText.organizationRequired },
      message: null,
    });
    expect(validateStep(0, emptyWizardForm).fields).toEqual({
      organizationId: assignmentText.organizationRequired,
      name: messages.titleRequired,
      description: messages.descriptionRequired,
    });
    expect(toBody(filled).organizationId).toBe(3);
  });

  it('gives each later step its message', () => {
    expect(validateStep(1, emptyWizardForm).message).toBe(messages.selectInterviewToContinue);
    expect(validateStep(2, { ...filled, environmentId: null }).message).toBe(
      messages.selectEnvironmentToContinue,
    );
    expect(
      validateStep(2, { ...filled, roles: [{ roleId: 1, name: 'A', avatarId: null }] }).message,
    ).toBe(messages.selectAvatarToContinue);
    expect(validateStep(3, { ...filled, ratingsId: null }).message).toBe(
      messages.selectRatingScaleToContinue,
    );
    expect(validateStep(3, { ...filled, feedbackId: null }).message).toBe(
      messages.selectFeedbackFormToContinue,
    );
    expect(validateStep(4, { ...filled, feedbackTypeId: ContentType.RatingScale }).message).toBe(
      messages.invalidFeedbackSelection,
    );
  });

  it('refuses a due date before today on the first step with the server message', () => {
    const today = '2026-03-10';
    expect(validateStep(0, { ...filled, closeDate: '2026-03-09' }, today)).toEqual({
      fields: { closeDate: messages.closeDateInPast },
      message: null,
    });
    expect(validateStep(0, { ...filled, closeDate: '2026-03-10' }, today)).toEqual({
      fields: {},
      message: null,
    });
    expect(validateStep(0, { ...filled, closeDate: '' }, today).fields).toEqual({});
  });

  it('lets a complete form through every step', () => {
    for (let step = 0; step < 5; step += 1) {
      expect(validateStep(step, filled)).toEqual({ fields: {}, message: null });
    }
  });
});

describe('closeDateRefusal', () => {
  it("allows today, later days, no date, and the assignment's own date even once passed", () => {
    const today = '2026-03-10';
    expect(closeDateRefusal('2026-03-09', null, today)).toBe(messages.closeDateInPast);
    expect(closeDateRefusal('2026-03-09', '2026-03-01', today)).toBe(messages.closeDateInPast);
    expect(closeDateRefusal('2026-03-01', '2026-03-01', today)).toBeNull();
    expect(closeDateRefusal('2026-03-10', null, today)).toBeNull();
    expect(closeDateRefusal('2027-01-01', null, today)).toBeNull();
    expect(closeDateRefusal('', null, today)).toBeNull();
  });
});
