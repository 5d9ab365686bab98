/**
 * The editors' state actions (001 §4, §6): which buttons each status offers to each role — Draft:
 * Delete and Submit for the creator of the item's organization; Review: Edit for the author, Return
 * draft and Approve for a reviewer, and for an evaluation only Edit and Cancel; nothing on Active
 * or on general content of someone else. Submit with unsaved details is refused with the spec's
 * message; Delete asks first, then calls the type's endpoint.
 */
import {
  ContentStatus,
  ContentType,
  messages,
  Role,
  type Content,
  type ContentTypeId,
  type RoleId,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApprovalText } from '../../../config/content-approval-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { ContentActions } from './content-actions';

/** A status an item can be in (every content status but the All filter). */
type ItemStatus = Content['statusId'];

const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  void url;
  void init;
  return Promise.resolve(
    new Response(
      JSON.stringify({ success: true, message: messages.ok, data: content(), error: null }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    ),
  );
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function content(
  statusId: ItemStatus = ContentStatus.Draft,
  contentTypeId: ContentTypeId = ContentType.Interview,
  organizationId: number | null = 1,
): Content {
  return {
    id: 42,
    name: 'Pitch practice',
    description: 'Sell the pen.',
    statusId,
    contentTypeId,
    organizationId,
    language: 'English',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdBy: { id: 13, firstName: 'Ivy', lastName: 'Instructor' },
  };
}

const handlers = { onDeleted: vi.fn(), onCancel: vi.fn() };

function renderFor(
  roleId: RoleId,
  creator: boolean,
  item: Content,
  dirty = false,
): ReturnType<typeof renderWithProviders> {
  signInAsUser(makeUser(roleId, { creator }));
  return renderWithProviders(<ContentActions content={item} dirty={dirty} {...handlers} />);
}

/** The names of the buttons shown, in order. */
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('ContentActions', () => {
  it('offers Delete and Submit on a Draft to a creator of its organization', () => {
    renderFor(Role.Instructor, true, content(ContentStatus.Draft));
    expect(buttons()).toEqual([messages.delete, messages.submit]);
  });

  it.each([
    ['a manager without the creator flag', Role.Manager, false, 1],
    ['an instructor without the creator flag', Role.Instructor, false, 1],
    ['a creator of another organization', Role.Instructor, true, 2],
  ] as const)('offers nothing on a Draft to %s', (_, roleId, creator, organizationId) => {
    renderFor(roleId, creator, content(ContentStatus.Draft, ContentType.Interview, organizationId));
    expect(buttons()).toEqual([]);
  });

  it('offers nothing on general content to a creator of an organization', () => {
    renderFor(Role.Instructor, true, content(ContentStatus.Draft, ContentType.Interview, null));
    expect(buttons()).toEqual([]);
  });

  it.each([ContentStatus.Active, ContentStatus.Inactive, ContentStatus.Deleted])(
    'offers nothing on status %i, even to a creating admin',
    (statusId) => {
      renderFor(Role.Admin, true, content(statusId));
      expect(buttons()).toEqual([]);
    },
  );

  it('gives the author of an interview in Review only Edit', () => {
    renderFor(Role.Instructor, true, content(ContentStatus.Review));
    expect(buttons()).toEqual([messages.edit]);
  });

  it('gives a manager Return draft and Approve on an interview in Review', () => {
    renderFor(Role.Manager, false, content(ContentStatus.Review));
    expect(buttons()).toEqual([messages.returnDraft, messages.approve]);
  });

  it('gives a creating manager Edit and Approve on an interview in Review', () => {
    renderFor(Role.Manager, true, content(ContentStatus.Review));
    expect(buttons()).toEqual([messages.edit, messages.approve]);
  });

  it('gives the admin Return draft and Approve on general content in Review', () => {
    renderFor(Role.Admin, false, content(ContentStatus.Review, ContentType.Interview, null));
    expect(buttons()).toEqual([messages.returnDraft, messages.approve]);
  });

  it.each([ContentType.RatingScale, ContentType.Feedback])(
    'gives the author of an evaluation (type %i) in Review only Cancel and Edit',
    (type) => {
      renderFor(Role.Manager, true, content(ContentStatus.Review, type));
      expect(buttons()).toEqual([messages.cancel, messages.edit]);
    },
  );

  it('gives a reviewer who is not a creator Return draft and Approve on an evaluation', () => {
    renderFor(Role.Manager, false, content(ContentStatus.Review, ContentType.Feedback));
    expect(buttons()).toEqual([messages.returnDraft, messages.approve]);
  });

  it('refuses Submit while the details have unsaved changes', async () => {
    const user = userEvent.setup();
    renderFor(Role.Instructor, true, content(ContentStatus.Draft, ContentType.RatingScale), true);
    await user.click(screen.getByRole('button', { name: messages.submit }));
    expect(await screen.findByText(messages.saveEvaluationBeforeSubmitting)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses Submit of an interview with unsaved changes with the interview message', async () => {
    const user = userEvent.setup();
    renderFor(Role.Instructor, true, content(ContentStatus.Draft), true);
    await user.click(screen.getByRole('button', { name: messages.submit }));
    expect(await screen.findByText(messages.saveInterviewBeforeSubmitting)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits a saved Draft for review', async () => {
    const user = userEvent.setup();
    renderFor(Role.Instructor, true, content(ContentStatus.Draft));
    await user.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(url).toContain(`/contents/42/status?statusId=${ContentStatus.Review}`);
    expect(await screen.findByText(messages.contentStatusUpdated)).toBeInTheDocument();
  });

  it('approves an item in Review', async () => {
    const user = userEvent.setup();
    renderFor(Role.Manager, false, content(ContentStatus.Review));
    await user.click(screen.getByRole('button', { name: messages.approve }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toContain(`statusId=${ContentStatus.Active}`);
  });

  it("returns an item to Draft with the reviewer's reason, sent as the body (decisions.md#console-flows §7)", async () => {
    const user = userEvent.setup();
    renderFor(Role.Manager, false, content(ContentStatus.Review));
    await user.click(screen.getByRole('button', { name: messages.returnDraft }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(
      within(dialog).getByRole('textbox', { name: contentApprovalText.returnReason }),
      '  Add a closing question  ',
    );
    await user.click(within(dialog).getByRole('button', { name: messages.returnDraft }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(url).toContain(`/contents/42/status?statusId=${ContentStatus.Draft}`);
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Add a closing question' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('returns an item to Draft without a body when no reason is given, and not at all on Cancel', async () => {
    const user = userEvent.setup();
    renderFor(Role.Manager, false, content(ContentStatus.Review));
    await user.click(screen.getByRole('button', { name: messages.returnDraft }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: messages.returnDraft }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: messages.returnDraft }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('deletes a Draft evaluation only after the confirmation', async () => {
    const user = userEvent.setup();
    handlers.onDeleted.mockClear();
    renderFor(Role.Instructor, true, content(ContentStatus.Draft, ContentType.Feedback));
    await user.click(screen.getByRole('button', { name: messages.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: messages.delete }));
    await waitFor(() => expect(handlers.onDeleted).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('DELETE');
    expect(url).toMatch(/\/questionnaires\/42$/);
  });
});
