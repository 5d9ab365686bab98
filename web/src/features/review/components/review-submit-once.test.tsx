/**
 * One review is sent once: a second Ctrl/⌘+Enter, a double click on Submit, or the two together,
 * while the first submit is on its way, send no second review call (each one the server takes is a
 * review of its own, with its own 'were reviewed' mail to the trainee). Every question is marked
 * required before any submit.
 */
import { AnswerStatus, messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { envelope, reviewDetail } from '../../../test/review-fixtures';
import { withReviewServer } from '../../../test/review-server';
import { ReviewPanel } from './review-panel';

/** The review calls made; each answers after `delayMs`. */
let reviewCalls: string[] = [];
const delayMs = 300;

beforeEach(() => {
  reviewCalls = [];
  window.localStorage.setItem(
    'practica.reviewDraft.5',
    JSON.stringify({
      ratings: { 1: '4' },
      feedback: { 2: '21' },
      savedAt: Date.now(),
      pending: true,
    }),
  );
  vi.stubGlobal(
    'fetch',
    withReviewServer(async (url: string, init?: RequestInit) => {
      if (url.includes('/interviews/answers/review/')) {
        reviewCalls.push(String(init?.body));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return envelope({
          ...reviewDetail(AnswerStatus.Reviewed),
          reviewVersion: reviewCalls.length,
        });
      }
      return envelope(null, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderPanel() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ReviewPanel answer={reviewDetail(AnswerStatus.Submitted)} />);
  return user;
}

describe('a review is sent once', () => {
  it('Ctrl+Enter twice in a row sends one review', async () => {
    const user = renderPanel();
    await user.keyboard('{Control>}{Enter}{Enter}{/Control}');
    await screen.findByText(messages.interviewReviewSubmitted, {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    expect(reviewCalls).toHaveLength(1);
  });

  it('a double click on Submit, then Ctrl+Enter, sends one review', async () => {
    const user = renderPanel();
    const submit = screen.getByRole('button', { name: messages.submit });
    await user.dblClick(submit);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText(messages.interviewReviewSubmitted, {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    expect(reviewCalls).toHaveLength(1);
  });
});

describe('required questions', () => {
  it('carry the required mark before any submit', async () => {
    window.localStorage.clear();
    const user = renderPanel();
    const stars = screen.getByRole('radiogroup', { name: /R1: Clarity/ });
    expect(stars).toHaveAttribute('aria-required', 'true');
    expect(document.getElementById(stars.getAttribute('aria-labelledby')!)).toHaveTextContent(
      'R1: Clarity*',
    );
    await user.click(screen.getByRole('tab', { name: /Feedback/ }));
    const f1 = screen.getByRole('radiogroup', { name: /F1: Recommend/ });
    expect(document.getElementById(f1.getAttribute('aria-labelledby')!)).toHaveTextContent(
      /^F1: Recommend\s*\*$/,
    );
    expect(f1).not.toHaveAttribute('aria-invalid');
  });
});
