/**
 * The question editor's way out (decisions.md#console-flows §2) and the rating question's form (decisions.md#console-flows §8): opened
 * from a bookmark (no history), Cancel and Save go to the editor of the evaluation or interview the
 * question belongs to, in place of the question editor; opened from that editor's link, they step
 * back to it. A rating question asks for no options and is saved without any.
 */
import {
  ContentStatus,
  ContentType,
  messages,
  QuestionType,
  Role,
  type ContentTypeId,
  type Questionnaire,
} from '@practica/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentText } from '../../config/content-text';
import { paths } from '@shared/config/paths';
import { fromContentEditor } from '../../features/content';
import {
  makeUser,
  renderRoutes,
  signInAsUser,
  signedOut,
  testQueryClient,
} from '../../test/render';
import { AppProviders } from '@shared/theme/providers';
import { routes } from '../router';

const lazyPage = { timeout: 5000 };
const contentId = 5;

function questionnaire(contentTypeId: ContentTypeId): Questionnaire {
  return {
    id: contentId,
    contentId,
    content: {
      id: contentId,
      name: 'Communication',
      description: 'How the trainee communicates',
      statusId: ContentStatus.Draft,
      contentTypeId,
      organizationId: 1,
      language: 'English',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      createdBy: { id: 11 + 1, firstName: 'Test', lastName: 'Instructor' },
      returnReason: null,
    },
    questions: [],
    roles:
      contentTypeId === ContentType.Interview
        ? [{ id: 7, name: 'Interviewer', avatarId: null, avatar: null }]
        : [],
  };
}

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let contentType: ContentTypeId = ContentType.RatingScale;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.includes(`/questionnaires/${contentId}`)) return envelope(questionnaire(contentType));
  if (url.includes('/questions') && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    return envelope({
      id: 99,
      text: body.text,
      description: '',
      questionTypeId: body.questionTypeId,
      interviewRoleId: null,
      contentId,
      tags: [],
      options: [],
      audios: [],
    });
  }
  return envelope({ list: [], count: 0 });
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  signInAsUser(makeUser(Role.Instructor, { creator: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  signedOut();
});

const createPath = (type: ContentTypeId) => paths.questionCreate(contentId, type);

describe('the question editor (decisions.md#console-flows §2, §8)', () => {
  it('opened from a bookmark, Cancel goes to the rating scale it belongs to, in its place', async () => {
    contentType = ContentType.RatingScale;
    const user = userEvent.setup();
    const { router } = renderRoutes([createPath(ContentType.RatingScale)]);
    await user.click(await screen.findByRole('button', { name: messages.cancel }, lazyPage));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        paths.evaluationEdit(ContentType.RatingScale, contentId),
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opened from a bookmark, Save of a rating question sends no options and goes to its rating scale', async () => {
    contentType = ContentType.RatingScale;
    const user = userEvent.setup();
    const { router } = renderRoutes([createPath(ContentType.RatingScale)]);
    const text = await screen.findByRole('textbox', { name: contentText.questionText }, lazyPage);
    // A rating question asks for no options: the review rates it with 5 stars.
    expect(screen.queryByText(contentText.options)).toBeNull();
    expect(screen.queryByRole('button', { name: contentText.addOption })).toBeNull();
    await user.type(text, 'Clarity of answers');
    await user.click(screen.getByRole('button', { name: messages.save }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        paths.evaluationEdit(ContentType.RatingScale, contentId),
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post).toBeDefined();
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({
      text: 'Clarity of answers',
      questionTypeId: QuestionType.Rating,
      options: [],
    });
  });

  it("opened from the interview editor's link, Cancel steps back to that editor", async () => {
    contentType = ContentType.Interview;
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, {
      initialEntries: [
        paths.interviewEdit(contentId),
        {
          pathname: `/dbl/${contentId}/questions/create`,
          search: `?contentTypeId=${ContentType.Interview}`,
          state: fromContentEditor,
        },
      ],
      initialIndex: 1,
    });
    render(
      <AppProviders queryClient={testQueryClient()} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: messages.cancel }, lazyPage));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.interviewEdit(contentId)),
    );
    expect(router.state.historyAction).toBe('POP');
  });
});
