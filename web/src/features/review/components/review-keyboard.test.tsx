/**
 * The review panel with the keyboard alone (decisions.md#review-loop §2, §7): each shortcut of the panel (`1`–`5`
 * rate the focused rating question then focus the next, ↑ ↓, `f` / `r`, Ctrl/⌘+Enter), none while
 * typing in a text field, the stars as a radio group (arrows choose and commit, named by their
 * question), the tab counters of answered questions, the missing-questions message with its
 * marking, tab switch and focus, and the shortcuts dialog (`?`) listing the one table.
 */
import { QuestionType, messages } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewKeysText } from '../../../config/review-keys-text';
import { renderWithProviders } from '../../../test/render';
import { formQuestion } from '../../../test/review-fixtures';
import { withReviewServer } from '../../../test/review-server';
import { reviewShortcuts, stepRate } from '../review-shortcuts';
import { ReviewPanel } from './review-panel';
import { rating, stars, submittedAnswer } from './review-screen-fixtures';
import { ShortcutsDialog } from './shortcuts-dialog';

/** Answer 5 with three rating questions and a feedback form of text, single and multiple. */
const makeAnswer = () =>
  submittedAnswer({
    id: 5,
    viewed: false,
    feedback: [
      formQuestion(4, 'Strengths', QuestionType.Open),
      formQuestion(5, 'Recommend', QuestionType.Single, ['Yes', 'No']),
      formQuestion(6, 'Topics', QuestionType.Multiple, ['Goals', 'Teamwork']),
    ],
  });

const fetchMock = vi.fn(() => Promise.resolve(new Response('Bad gateway', { status: 502 })));

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', withReviewServer(fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

/** A review in progress kept on this device and not yet on the server (the panel shows it). */
function seedDraft(draft: { ratings: Record<number, string>; feedback: Record<number, string> }) {
  window.localStorage.setItem(
    'practica.reviewDraft.5',
    JSON.stringify({ ...draft, savedAt: Date.now(), pending: true }),
  );
}

/** The calls of the review (not the draft's). */
const reviewCalls = () =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) =>
    url.includes('/interviews/answers/review/'),
  );

function renderPanel() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ReviewPanel answer={makeAnswer()} />);
  return user;
}

describe('Review panel keys', () => {
  it('1–5 rate the first unanswered question, then the focused one, and focus moves on', async () => {
    const user = renderPanel();
    await user.keyboard('4');
    expect(rating(stars(/R1: Clarity/))).toBe(4);
    // The focus is on R2's group now: the next digit rates it.
    await waitFor(() =>
      expect(stars(/R2: Confidence/)).toContainElement(document.activeElement as HTMLElement),
    );
    await user.keyboard('2');
    expect(rating(stars(/R2: Confidence/))).toBe(2);
    await waitFor(() =>
      expect(stars(/R3: Structure/)).toContainElement(document.activeElement as HTMLElement),
    );
  });

  it('↑ goes back without changing a rating; after the last, the Feedback tab', async () => {
    seedDraft({ ratings: { 1: '4', 2: '2' }, feedback: {} });
    const user = renderPanel();
    await user.keyboard('{ArrowDown}'); // the current one: R3, the first unanswered
    await waitFor(() =>
      expect(stars(/R3: Structure/)).toContainElement(document.activeElement as HTMLElement),
    );
    await user.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(stars(/R2: Confidence/)).toContainElement(document.activeElement as HTMLElement),
    );
    expect(rating(stars(/R2: Confidence/))).toBe(2);
    await user.keyboard('5');
    expect(rating(stars(/R2: Confidence/))).toBe(5);
    await waitFor(() =>
      expect(stars(/R3: Structure/)).toContainElement(document.activeElement as HTMLElement),
    );
    await user.keyboard('3');
    expect(rating(screen.getByRole('radiogroup', { name: /R3: Structure/, hidden: true }))).toBe(3);
    expect(screen.getByTestId('average-score')).toHaveTextContent('4.0');
    // After the last rating question: the Feedback tab and its first field.
    await waitFor(() => expect(tab(messages.feedback)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /F1: Strengths/ })),
    );
  });

  it('↓ from outside the stars focuses the current rating question', async () => {
    const user = renderPanel();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(stars(/R1: Clarity/)).toContainElement(document.activeElement as HTMLElement),
    );
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(stars(/R2: Confidence/)).toContainElement(document.activeElement as HTMLElement),
    );
    expect(rating(stars(/R1: Clarity/))).toBe(0);
  });

  it('f and r switch tabs', async () => {
    const user = renderPanel();
    await user.keyboard('f');
    expect(tab(messages.feedback)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('r');
    expect(tab(messages.ratings)).toHaveAttribute('aria-selected', 'true');
  });

  it('typing in a text field triggers no shortcut', async () => {
    const user = renderPanel();
    await user.keyboard('f');
    const text = screen.getByRole('textbox', { name: /F1: Strengths/ });
    await user.click(text);
    await user.keyboard('r 5 f?');
    expect(text).toHaveValue('r 5 f?');
    // Still on Feedback; no rating was given.
    expect(tab(messages.feedback)).toHaveAttribute('aria-selected', 'true');
    expect(tab(messages.ratings)).toHaveTextContent(`${messages.ratings} 0/3`);
  });

  it('the stars are a radio group: arrows choose and commit a rating', async () => {
    const user = renderPanel();
    const group = stars(/R1: Clarity/);
    await user.tab(); // the tab list
    await user.tab(); // the first rating question's stars
    expect(group).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    const committed = rating(group);
    expect(committed).toBeGreaterThan(0);
    expect(tab(messages.ratings)).toHaveTextContent(`${messages.ratings} 1/3`);
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toContain(`"1":"${committed}"`);
    await user.keyboard('{ArrowLeft}');
    expect(rating(group)).toBe(committed - 1);
    // One Tab stop per question: the next Tab reaches R2's stars.
    await user.tab();
    expect(stars(/R2: Confidence/)).toContainElement(document.activeElement as HTMLElement);
  });

  it('Ctrl+Enter submits, from a text field too', async () => {
    seedDraft({
      ratings: { 1: '4', 2: '4', 3: '4' },
      feedback: { 4: 'Good', 5: '50', 6: '60' },
    });
    const user = renderPanel();
    await user.keyboard('f');
    await user.click(screen.getByRole('textbox', { name: /F1: Strengths/ }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(reviewCalls()[0]![0]).toContain('/api/assignments/interviews/answers/review/5');
  });
});

describe('Review panel §7', () => {
  it('counts answered questions per tab', async () => {
    seedDraft({ ratings: { 1: '4' }, feedback: { 4: 'Good', 5: '50', 6: '' } });
    renderPanel();
    expect(tab(messages.ratings)).toHaveTextContent(`${messages.ratings} 1/3`);
    expect(tab(messages.feedback)).toHaveTextContent(`${messages.feedback} 2/3`);
  });

  it('an incomplete submit names, marks and focuses the missing questions on their tab', async () => {
    seedDraft({ ratings: { 1: '4', 2: '3', 3: '5' }, feedback: { 5: '50' } });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: messages.submit }));
    // The toast may take a moment on a busy machine (the suite's files run side by side).
    expect(
      await screen.findByText(
        `${messages.allQuestionsMustBeAnswered} ${reviewKeysText.missing(['F1', 'F3'])}`,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(reviewCalls()).toHaveLength(0);
    // The tab of the first missing question, which has the focus and is marked.
    await waitFor(() => expect(tab(messages.feedback)).toHaveAttribute('aria-selected', 'true'));
    const f1 = screen.getByRole('textbox', { name: /F1: Strengths/ });
    await waitFor(() => expect(document.activeElement).toBe(f1));
    expect(f1).toHaveAttribute('aria-invalid', 'true');
    for (const box of screen.getAllByRole('checkbox'))
      expect(box).toHaveAttribute('aria-invalid', 'true');
    // The answered one is not marked.
    for (const radio of screen.getAllByRole('radio', { name: /Yes|No/ }))
      expect(radio).not.toHaveAttribute('aria-invalid', 'true');
    // Answering clears its mark.
    await user.keyboard('Clear and kind');
    expect(f1).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a missing rating question is marked on the Ratings tab', async () => {
    seedDraft({ ratings: { 1: '4', 3: '5' }, feedback: { 4: 'a', 5: '50', 6: '60' } });
    const user = renderPanel();
    await user.keyboard('f');
    await user.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(tab(messages.ratings)).toHaveAttribute('aria-selected', 'true'));
    expect(stars(/R2: Confidence/)).toHaveAttribute('aria-invalid', 'true');
    expect(stars(/R1: Clarity/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() =>
      expect(stars(/R2: Confidence/)).toContainElement(document.activeElement as HTMLElement),
    );
  });

  it('shows the submission date and time', () => {
    renderPanel();
    expect(screen.getByTestId('submitted-at')).toHaveTextContent(/Submitted 11\.20\.2026 \d\d:05/);
  });
});

describe('Shortcuts dialog', () => {
  it('? opens the list of every shortcut from the one table', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShortcutsDialog />);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: reviewKeysText.dialogTitle });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(reviewShortcuts.length);
    for (const s of reviewShortcuts) expect(within(dialog).getByText(s.does)).toBeInTheDocument();
    // H3's comment key and H4's inbox keys are listed too.
    expect(within(dialog).getByText(reviewKeysText.does.comment)).toBeInTheDocument();
    expect(within(dialog).getByText(reviewKeysText.does.answer)).toBeInTheDocument();
  });
});

describe('playback speed steps', () => {
  it('< and > step through 0.75 / 1 / 1.25 / 1.5 / 2 and stop at the ends', () => {
    expect(stepRate(1, 1)).toBe(1.25);
    expect(stepRate(1.5, 1)).toBe(2);
    expect(stepRate(2, 1)).toBe(2);
    expect(stepRate(1, -1)).toBe(0.75);
    expect(stepRate(0.75, -1)).toBe(0.75);
  });
});
