/**
 * The assignment's Activity (decisions.md#review-loop §5): the audit log in words a person reads, newest first,
 * with an action filter and pages; an empty state; not shown (nor asked) for an instructor.
 */
import { AnswerStatus, AssignmentStatus, Role, type AuditEvent } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityText as text } from '../../../config/review-history-text';
import { makeUser, renderWithProviders, signedOut, signInAsUser } from '../../../test/render';
import { AssignmentActivity } from './assignment-activity';

const maya = { id: 2, firstName: 'Maya', lastName: 'Manning' };
const tom = { id: 9, firstName: 'Tom', lastName: 'Trainee' };
const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  action: 'assignment.status',
  actor: maya,
  actorName: 'Maya Manning',
  answerId: null,
  trainee: null,
  before: null,
  after: null,
  createdAt: '2026-11-21T09:30:00Z',
  ...over,
});
const events = [
  event({
    id: 4,
    before: { statusId: AssignmentStatus.Active },
    after: { statusId: AssignmentStatus.Closed },
  }),
  event({
    id: 3,
    action: 'review.submitted',
    answerId: 7,
    trainee: tom,
    after: { reviewId: 1, version: 1, score: 4 },
  }),
  event({
    id: 2,
    action: 'answer.status',
    actor: tom,
    actorName: 'Tom Trainee',
    answerId: 7,
    trainee: tom,
    before: { statusId: AnswerStatus.Pending },
    after: { statusId: AnswerStatus.Submitted },
  }),
  event({ id: 1, actor: null, actorName: 'Deleted user', action: 'claim.takenOver', trainee: tom }),
];

const urls: string[] = [];
const fetchMock = vi.fn((url: string) => {
  urls.push(url);
  const action = new URL(url, 'http://x').searchParams.get('action');
  const list = action ? events.filter((e) => e.action === action) : events;
  return Promise.resolve(
    new Response(
      JSON.stringify({
        success: true,
        message: 'OK',
        data: { list, count: list.length },
        error: null,
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    ),
  );
});

beforeEach(() => {
  urls.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  signedOut();
});

describe('AssignmentActivity', () => {
  it('shows who did what in words, newest first, and filters by action', async () => {
    signInAsUser(makeUser(Role.Manager));
    const user = userEvent.setup();
    renderWithProviders(<AssignmentActivity assignmentId={3} />);
    await screen.findByText('Status Active → Closed');
    const table = screen.getByRole('table', { name: text.title });
    const rows = within(table).getAllByRole('row');
    const texts = rows.slice(1).map((r) => r.textContent);
    expect(texts[0]).toContain('Maya Manning');
    expect(texts[0]).toContain('Status Active → Closed');
    expect(texts[1]).toContain('Submitted a review of Tom Trainee · score 4.0');
    expect(texts[2]).toContain('Tom Trainee’s answer Pending → Submitted');
    expect(texts[3]).toContain('Deleted user');
    expect(texts[3]).toContain('Took over the review of Tom Trainee');
    expect(urls[0]).toBe('/api/assignments/3/audit?page=1&pageSize=25');

    await user.selectOptions(screen.getByLabelText(text.filter), 'review.submitted');
    await waitFor(() =>
      expect(urls.at(-1)).toBe(
        '/api/assignments/3/audit?action=review.submitted&page=1&pageSize=25',
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('says when nothing happened yet', async () => {
    signInAsUser(makeUser(Role.Admin));
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            message: 'OK',
            data: { list: [], count: 0 },
            error: null,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    );
    renderWithProviders(<AssignmentActivity assignmentId={3} />);
    expect(await screen.findByText(text.empty)).toBeInTheDocument();
  });

  it('is not shown to an instructor, and nothing is asked', () => {
    signInAsUser(makeUser(Role.Instructor));
    renderWithProviders(<AssignmentActivity assignmentId={3} />);
    expect(screen.queryByText(text.title)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
