/**
 * The assignment wizard in a memory router, as on its page:
 * - the organization (001 §2 'Assignment Info'; an admin has none of its own): an admin must choose
 *   it before Next, and what is offered then is that organization's; a manager is not asked;
 * - work is never lost (decisions.md#console-flows §1): the step is in the URL (Back/Forward move between steps), a
 *   reload keeps step and data, reopening offers the draft, the close icon and leaving the page ask
 *   first, the browser's unload asks only when no draft could be stored;
 * - the due date is refused before today, and the recap shows title, description and due date,
 *   Confirm leads to adding trainees and publishing in the same flow (decisions.md#console-flows §6).
 */
import {
  AssignmentStatus,
  ContentType,
  Role,
  messages,
  type AssignmentDetail,
  type SessionUser,
} from '@practica/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../../config/assignment-text';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';
import { paths, patterns } from '@shared/config/paths';
import { makeUser, renderWithProviders, signInAsUser } from '../../../../test/render';
import { AssignmentWizard } from './assignment-wizard';
import { readWizardDraft, wizardDraftKey, writeWizardDraft } from './wizard-draft';
import { emptyWizardForm, type WizardForm } from './wizard-form';

function answer(data: unknown, status = 200) {
  const success = status < 400;
  return new Response(
    JSON.stringify({
      success,
      message: success ? messages.ok : messages.notFound,
      data: success ? data : null,
      error: success ? null : { code: 'not_found' },
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

const createdId = 77;

/** The detail the server answers for the created assignment. */
function detail(overrides: Partial<AssignmentDetail> = {}): AssignmentDetail {
  return {
    id: createdId,
    assignmentSpecificationId: createdId,
    name: 'Mock interview',
    description: 'Practise the opening',
    statusId: AssignmentStatus.Draft,
    startDate: '2026-01-05',
    closeDate: '2099-12-31',
    organizationId: 1,
    planned: false,
    createdBy: null,
    traineesCount: 0,
    completedCount: 0,
    instructorsCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    data: {
      interviewId: 5,
      environmentId: 7,
      ratingsId: 8,
      feedbackId: 9,
      roles: [],
      interview: null,
      ratings: null,
      feedback: null,
      environment: null,
    },
    answerCounts: { all: 0, pending: 0, submitted: 0, reviewed: 0 },
    averageScore: null,
    canReturnToDraft: false,
    canClose: false,
    canPrintReport: false,
    canReopen: false,
    ...overrides,
  };
}

/** A form complete up to the recap. */
const complete: WizardForm = {
  ...emptyWizardForm,
  organizationId: 1,
  name: 'Mock interview',
  description: 'Practise the opening',
  closeDate: '2099-12-31',
  interviewId: 5,
  interviewName: 'Opening questions',
  roles: [{ roleId: 3, name: 'Interviewer', avatarId: 4 }],
  environmentId: 7,
  ratingsId: 8,
  ratingsName: 'Five stars',
  ratingsTypeId: ContentType.RatingScale,
  feedbackId: 9,
  feedbackName: 'Coach notes',
  feedbackTypeId: ContentType.Feedback,
};

let fetchMock: ReturnType<typeof vi.fn>;
let assignment: AssignmentDetail;
beforeEach(() => {
  assignment = detail();
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url).split('?')[0];
    if (/^\/api\/questionnaires\/\d+$/.test(path ?? '')) return Promise.resolve(answer(null, 404));
    if (method === 'POST' && path === '/api/assignments/interview')
      return Promise.resolve(answer(assignment));
    if (method === 'GET' && path === `/api/assignments/${createdId}`)
      return Promise.resolve(answer(assignment));
    if (method === 'PUT') return Promise.resolve(answer(assignment));
    return Promise.resolve(answer({ list: [], count: 0 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      ((init as RequestInit | undefined)?.method ?? 'GET') === method &&
      String(url).startsWith(path),
  );

const createPath = paths.assignmentCreate();

/** The page: the wizard with the page's moves. */
function Page({
  user,
  organizations,
}: {
  user: SessionUser;
  organizations?: { id: number; name: string }[];
}) {
  const navigate = useNavigate();
  return (
    <AssignmentWizard
      userId={user.id}
      organizationId={user.organizationId}
      organizations={organizations}
      onClose={() => void navigate(paths.assignments())}
      onOpenAssignment={(id) => void navigate(paths.assignmentDetail(id))}
      onKeptAsDraft={() => void navigate(paths.assignments(AssignmentStatus.Draft))}
      renderAvatarPicker={() => null}
    />
  );
}

/** Renders the wizard's page in a memory router at the last of `entries`. */
function renderWizard(
  user: SessionUser,
  entries: string[] = [createPath],
  organizations?: { id: number; name: string }[],
) {
  const router = createMemoryRouter(
    [
      { path: createPath, element: <Page user={user} organizations={organizations} /> },
      { path: paths.assignments(), element: <p>Assignments list</p> },
      { path: patterns.assignmentDetail, element: <p>Assignment detail</p> },
      { path: paths.login(), element: <p>Sign in</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

const here = (router: ReturnType<typeof renderWizard>['router']) =>
  router.state.location.pathname + router.state.location.search;
const titleBox = () => screen.getByRole('textbox', { name: messages.title });
const descriptionBox = () => screen.getByRole('textbox', { name: messages.description });

async function fillInfo() {
  await userEvent.type(titleBox(), 'Mock');
  await userEvent.type(descriptionBox(), 'Practise');
}

function signInManager() {
  const user = makeUser(Role.Manager);
  signInAsUser(user);
  return user;
}

describe('AssignmentWizard organization', () => {
  it("makes an admin choose the organization, then offers that organization's interviews", async () => {
    const user = makeUser(Role.Admin);
    signInAsUser(user);
    renderWizard(
      user,
      [createPath],
      [
        { id: 1, name: 'Demo Academy' },
        { id: 2, name: 'Northwind Training' },
      ],
    );
    await fillInfo();
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    expect(await screen.findByText(assignmentText.organizationRequired)).toBeInTheDocument();
    expect(urls().some((u) => u.startsWith('/api/interviews'))).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: messages.organization }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northwind Training' }));
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() =>
      expect(urls()).toContainEqual(expect.stringMatching(/^\/api\/interviews\?organizationId=2&/)),
    );
    expect(await screen.findByRole('table', { name: messages.interviews })).toBeInTheDocument();
  });

  it("uses a manager's own organization without asking", async () => {
    const user = signInManager();
    renderWizard(user);
    expect(screen.queryByRole('combobox', { name: messages.organization })).not.toBeInTheDocument();
    await fillInfo();
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() =>
      expect(urls()).toContainEqual(expect.stringMatching(/^\/api\/interviews\?organizationId=1&/)),
    );
  });
});

describe('AssignmentWizard steps in the URL and the kept draft', () => {
  it('puts the step in the URL; the browser moves between steps and the wizard Back pops', async () => {
    const user = signInManager();
    const { router } = renderWizard(user, [paths.assignments(), createPath]);
    expect(here(router)).toBe(createPath);
    // Once something is entered, the URL names the step.
    await fillInfo();
    expect(here(router)).toBe(`${createPath}?step=1`);
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=2`));
    expect(await screen.findByRole('table', { name: messages.interviews })).toBeInTheDocument();

    // Browser Back: step 1 with what was typed.
    await act(() => router.navigate(-1));
    expect(here(router)).toBe(`${createPath}?step=1`);
    expect(titleBox()).toHaveValue('Mock');
    // Browser Forward: step 2 again.
    await act(() => router.navigate(1));
    expect(here(router)).toBe(`${createPath}?step=2`);
    expect(await screen.findByRole('table', { name: messages.interviews })).toBeInTheDocument();

    // The wizard's Back goes back in history (no extra entry for the browser's Back to undo).
    await userEvent.click(screen.getByRole('button', { name: messages.back }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=1`));
    expect(router.state.historyAction).toBe('POP');
    expect(titleBox()).toHaveValue('Mock');
  });

  it('keeps the step and the data across a reload', async () => {
    const user = signInManager();
    const first = renderWizard(user);
    await fillInfo();
    fireEvent.change(screen.getByLabelText(messages.dueDate), {
      target: { value: '2099-12-31' },
    });
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() => expect(here(first.router)).toBe(`${createPath}?step=2`));
    expect(readWizardDraft(user.id)?.step).toBe(1);
    first.unmount();

    // The reload: the same URL in a new page.
    const { router } = renderWizard(user, [`${createPath}?step=2`]);
    expect(await screen.findByRole('table', { name: messages.interviews })).toBeInTheDocument();
    expect(screen.queryByText(assignmentWizardText.draftTitle)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.back }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=1`));
    expect(titleBox()).toHaveValue('Mock');
    expect(descriptionBox()).toHaveValue('Practise');
    expect(screen.getByLabelText(messages.dueDate)).toHaveValue('2099-12-31');
  });

  it('offers to continue a draft when the wizard is opened again, at the step it stopped', async () => {
    const user = signInManager();
    writeWizardDraft(user.id, { form: complete, step: 2, savedAt: Date.now() });
    const { router } = renderWizard(user);
    expect(await screen.findByText(assignmentWizardText.draftTitle)).toBeInTheDocument();
    expect(screen.getByText('Mock interview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: assignmentWizardText.continueDraft }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=3`));
    expect(
      await screen.findByRole('table', { name: messages.stepSelectRoles }),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Interviewer' })).toBeInTheDocument();
  });

  it('starts over on request: the draft is deleted and the form is empty', async () => {
    const user = signInManager();
    writeWizardDraft(user.id, { form: complete, step: 2, savedAt: Date.now() });
    const { router } = renderWizard(user);
    await userEvent.click(
      await screen.findByRole('button', { name: assignmentWizardText.startOver }),
    );
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=1`));
    expect(titleBox()).toHaveValue('');
    expect(readWizardDraft(user.id)).toBeNull();
  });

  it('falls back to the first incomplete step when a later one is opened without its data', async () => {
    const user = signInManager();
    const { router } = renderWizard(user, [`${createPath}?step=4`]);
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=1`));
    expect(titleBox()).toHaveValue('');
    // Nothing was entered: no errors shown for it.
    expect(screen.queryByText(messages.titleRequired)).not.toBeInTheDocument();
  });

  it('ignores a stored value that is not a draft', () => {
    const user = signInManager();
    window.localStorage.setItem(wizardDraftKey(user.id), '{"form":{"name":1},"step":9}');
    expect(readWizardDraft(user.id)).toBeNull();
    renderWizard(user);
    expect(screen.queryByText(assignmentWizardText.draftTitle)).not.toBeInTheDocument();
  });
});

describe('AssignmentWizard asks before entered data is thrown away', () => {
  it('closes at once when nothing was entered', async () => {
    const user = signInManager();
    const { router } = renderWizard(user);
    await userEvent.click(screen.getByRole('button', { name: assignmentText.closeWizard }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.assignments()));
  });

  it('asks before the close icon discards; Keep editing keeps everything, Discard deletes the draft', async () => {
    const user = signInManager();
    const { router } = renderWizard(user);
    await fillInfo();
    await userEvent.click(screen.getByRole('button', { name: assignmentText.closeWizard }));
    const dialog = await screen.findByRole('dialog', { name: assignmentWizardText.discardTitle });
    await userEvent.click(
      within(dialog).getByRole('button', { name: assignmentWizardText.keepEditing }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(createPath);
    expect(titleBox()).toHaveValue('Mock');

    await userEvent.click(screen.getByRole('button', { name: assignmentText.closeWizard }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: assignmentWizardText.discard,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.assignments()));
    expect(readWizardDraft(user.id)).toBeNull();
  });

  it('asks before a link leaves the wizard; Stay stays, Leave leaves with the draft kept', async () => {
    const user = signInManager();
    const { router } = renderWizard(user);
    await fillInfo();
    await act(async () => {
      void router.navigate(paths.assignments());
    });
    const dialog = await screen.findByRole('dialog', { name: assignmentWizardText.leaveTitle });
    expect(dialog).toHaveTextContent(assignmentWizardText.leaveKept);
    await userEvent.click(within(dialog).getByRole('button', { name: assignmentWizardText.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(createPath);
    expect(titleBox()).toHaveValue('Mock');

    await act(async () => {
      void router.navigate(paths.assignments());
    });
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: assignmentWizardText.leave,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.assignments()));
    expect(readWizardDraft(user.id)?.form.name).toBe('Mock');
  });

  it("asks before the browser's Back leaves the wizard, but not between its steps", async () => {
    const user = signInManager();
    const { router } = renderWizard(user, [paths.assignments(), createPath]);
    await fillInfo();
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=2`));
    await act(() => router.navigate(-1));
    expect(here(router)).toBe(`${createPath}?step=1`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      void router.navigate(-1);
    });
    expect(
      await screen.findByRole('dialog', { name: assignmentWizardText.leaveTitle }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(createPath);
  });

  it('never holds the move to the sign-in page (a sign-out or an expired session)', async () => {
    const user = signInManager();
    const { router } = renderWizard(user);
    await fillInfo();
    await act(() => router.navigate(paths.login(), { replace: true }));
    expect(router.state.location.pathname).toBe(paths.login());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks on the browser's unload only when the draft could not be stored", async () => {
    const user = signInManager();
    renderWizard(user);
    await userEvent.type(titleBox(), 'Kept');
    const kept = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(kept);
    expect(kept.defaultPrevented).toBe(false);

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await userEvent.type(titleBox(), ' lost');
    const lost = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(lost);
    expect(lost.defaultPrevented).toBe(true);
  });
});

describe('AssignmentWizard due date, recap and what follows Confirm', () => {
  it('refuses a due date before today with the server message, and takes today', async () => {
    const user = signInManager();
    const { router } = renderWizard(user);
    await fillInfo();
    const due = screen.getByLabelText(messages.dueDate);
    fireEvent.change(due, { target: { value: '2000-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    expect(await screen.findByText(messages.closeDateInPast)).toBeInTheDocument();
    expect(here(router)).toBe(`${createPath}?step=1`);

    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const iso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    expect(due).toHaveAttribute('min', iso);
    fireEvent.change(due, { target: { value: iso } });
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?step=2`));
  });

  it('shows title, description and due date on the recap; Confirm creates, then trainees and Publish now land on the detail', async () => {
    const user = signInManager();
    writeWizardDraft(user.id, { form: complete, step: 4, savedAt: Date.now() });
    const { router } = renderWizard(user, [`${createPath}?step=5`]);
    expect(await screen.findByRole('table', { name: messages.stepRecap })).toBeInTheDocument();
    expect(screen.getByText('Mock interview')).toBeInTheDocument();
    expect(screen.getByText('Practise the opening')).toBeInTheDocument();
    expect(screen.getByText('12.31.2099')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: messages.confirm }));
    await waitFor(() => expect(here(router)).toBe(`${createPath}?created=${createdId}`));
    const [, init] = calls('POST', '/api/assignments/interview')[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      name: 'Mock interview',
      closeDate: '2099-12-31',
      interviewId: 5,
      roles: [{ roleId: 3, avatarId: 4 }],
    });
    expect(readWizardDraft(user.id)).toBeNull();
    expect(
      await screen.findByText(assignmentWizardText.createdTitle('Mock interview')),
    ).toBeInTheDocument();
    expect(screen.getByText(assignmentWizardText.traineesNone)).toBeInTheDocument();

    // The assign dialog opens from here.
    await userEvent.click(
      screen.getByRole('button', { name: assignmentWizardText.assignTrainees }),
    );
    expect(
      await screen.findByRole('dialog', { name: assignmentText.assignTitle }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: assignmentWizardText.publishNow }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.assignmentDetail(createdId)),
    );
    expect(
      calls('PUT', `/api/assignments/${createdId}/status?statusId=${AssignmentStatus.Active}`),
    ).toHaveLength(1);
  });

  it('shows the panel from its URL (as after a reload); Keep as Draft goes to the drafts', async () => {
    const user = signInManager();
    const first = renderWizard(user, [`${createPath}?created=${createdId}`]);
    expect(
      await screen.findByText(assignmentWizardText.createdTitle('Mock interview')),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: assignmentWizardText.keepDraft }));
    await waitFor(() => expect(here(first.router)).toBe(paths.assignments(AssignmentStatus.Draft)));
  });

  it('offers to open an assignment that is already published instead of publishing it', async () => {
    assignment = detail({ statusId: AssignmentStatus.Active });
    const user = signInManager();
    const { router } = renderWizard(user, [`${createPath}?created=${createdId}`]);
    await userEvent.click(
      await screen.findByRole('button', { name: assignmentWizardText.openAssignment }),
    );
    expect(
      screen.queryByRole('button', { name: assignmentWizardText.publishNow }),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.assignmentDetail(createdId)),
    );
  });
});
