/**
 * The insights tabs load lazily (decisions.md#insights-and-administration §1 'loaded only on that tab'): the assignment detail
 * neither calls the insights API nor imports the charts (@mantine/charts) before its Insights tab
 * is opened; then it shows them. A trainee's user detail has a Progress tab, other roles do not.
 */
import { AssignmentStatus, Role, type AssignmentDetail, type User } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insightsText } from '../../config/insights-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../test/render';
import { AssignmentDetailView } from '../../features/assignments';
import {
  AssignmentInsightsTab,
  hasTraineeProgress,
  TraineeProgressTab,
} from '../../features/insights';
import {
  assignmentInsightsFixture,
  traineeProgressFixture,
} from '../../features/insights/testing/fixtures';

const charts = vi.hoisted(() => ({ loaded: false }));
vi.mock('@mantine/charts', async (importOriginal) => {
  charts.loaded = true;
  return importOriginal();
});

const assignmentId = 12;
const detail = {
  id: assignmentId,
  assignmentSpecificationId: assignmentId,
  name: 'Sales practice',
  description: '',
  statusId: AssignmentStatus.Active,
  startDate: '2026-11-01',
  closeDate: '2099-12-31',
  organizationId: 1,
  planned: false,
  createdBy: null,
  traineesCount: 7,
  completedCount: 4,
  instructorsCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  data: {
    interviewId: null,
    environmentId: null,
    ratingsId: null,
    feedbackId: null,
    roles: [],
    interview: null,
    ratings: null,
    feedback: null,
    environment: null,
  },
  answerCounts: { all: 7, pending: 2, submitted: 1, reviewed: 4 },
  averageScore: 3.5,
  canReturnToDraft: false,
  canClose: false,
  canPrintReport: false,
  canReopen: false,
} satisfies AssignmentDetail;

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: 'OK', data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (url.startsWith(`/api/assignments/${assignmentId}/insights`))
      return Promise.resolve(answer(assignmentInsightsFixture));
    if (url.startsWith(`/api/users/21/progress`))
      return Promise.resolve(answer(traineeProgressFixture));
    if (url.split('?')[0] === `/api/assignments/${assignmentId}`)
      return Promise.resolve(answer(detail));
    return Promise.resolve(answer({ list: [], count: 0 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the Insights tab of the assignment detail', () => {
  it('loads neither the insights nor the charts before it is opened', async () => {
    signInAsUser(makeUser(Role.Manager));
    renderWithProviders(
      <AssignmentDetailView
        assignmentId={assignmentId}
        insights={<AssignmentInsightsTab assignmentId={assignmentId} />}
        onOpenAnswer={() => {}}
        onOpenUser={() => {}}
        onReturnedToDraft={() => {}}
      />,
    );
    const tab = await screen.findByRole('tab', { name: insightsText.tab });
    expect(calls().some((url) => url.includes('/insights'))).toBe(false);
    expect(charts.loaded).toBe(false);

    await userEvent.click(tab);
    const weakest = await screen.findByText(insightsText.weakestCriterion, {}, { timeout: 20_000 });
    expect(weakest.closest('[data-figure]')).toHaveTextContent('Clarity');
    expect(calls()).toContain(`/api/assignments/${assignmentId}/insights`);
    expect(charts.loaded).toBe(true);
    // The first import of the charts (recharts) is slow to transform on a busy machine.
  }, 30_000);
});

describe('the Progress tab of user detail', () => {
  it('is for trainees only', () => {
    expect(hasTraineeProgress({ roleId: Role.Trainee })).toBe(true);
    for (const roleId of [Role.Admin, Role.Manager, Role.Instructor])
      expect(hasTraineeProgress({ roleId })).toBe(false);
  });

  it("loads the trainee's progress", async () => {
    signInAsUser(makeUser(Role.Manager));
    renderWithProviders(<TraineeProgressTab user={{ id: 21, roleId: Role.Trainee } as User} />);
    expect(
      await screen.findByRole('region', { name: insightsText.progressTitle }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls()).toContain('/api/users/21/progress');
  });
});
