/**
 * The content table (001 §2 Interviews list, §4, §6): a row click opens the editor for a creator of
 * the item's organization on Draft or Review, otherwise the preview dialog; the status tag toggles
 * Active ⇄ Inactive for an Admin (and staff of the owning organization) but not on general content
 * for others; the trash icon marks an Inactive item Deleted after a confirmation, for Admins only;
 * non-admins see general content read-only with the logo; Review is offered to reviewers; the
 * admin's checkbox adds general Active items to the organization.
 */
import {
  ContentStatus,
  contentStatusLabels,
  ContentType,
  defaultPageSize,
  messages,
  Role,
  type ContentListItem,
  type RoleId,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentText } from '../../../config/content-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { ContentsTable } from './contents-table';

/** A status an item can be in (every content status but the All filter). */
type ItemStatus = ContentListItem['statusId'];

let nextId = 100;
function item(
  name: string,
  statusId: ItemStatus,
  organizationId: number | null = 1,
  organizationIds: number[] = [],
): ContentListItem {
  nextId += 1;
  return {
    id: nextId,
    name,
    description: `${name} description`,
    statusId,
    contentTypeId: ContentType.Interview,
    organizationId,
    language: 'English',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    createdBy: { id: 13, firstName: 'Ivy', lastName: 'Instructor' },
    questionsCount: 3,
    organization: organizationId ? { id: organizationId, name: 'Demo Academy' } : null,
    organizationIds,
  };
}

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** GET /questionnaires/{id} answers an empty questionnaire; writes answer the item. */
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  void init;
  const id = Number(/\/(\d+)(?:\/|\?|$)/.exec(url)?.[1] ?? 1);
  const content = { ...item('Any', ContentStatus.Draft), id };
  if (url.includes('/questionnaires/')) {
    return Promise.resolve(answer({ id, contentId: id, content, questions: [], roles: [] }));
  }
  return Promise.resolve(answer(content));
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderTable(
  roleId: RoleId,
  rows: ContentListItem[],
  options: { creator?: boolean; organizationId?: number; withEditor?: boolean } = {},
) {
  signInAsUser(makeUser(roleId, { creator: options.creator ?? false }));
  const table = (
    <ContentsTable
      label={messages.interviews}
      rows={rows}
      total={rows.length}
      page={1}
      pageSize={defaultPageSize}
      onPageChange={() => {}}
      onPageSizeChange={() => {}}
      organizationId={options.organizationId}
      {...(options.withEditor === false ? {} : { editPath: (row) => `/edit/${row.id}` })}
    />
  );
  return renderWithProviders(
    <MemoryRouter initialEntries={['/list']}>
      <Routes>
        <Route path="/list" element={table} />
        <Route path="/edit/:id" element={<p>editor screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const toggleOf = (statusId: ItemStatus) =>
  screen.queryAllByRole('button', {
    name: contentText.toggleStatus(contentStatusLabels[statusId]),
  });
const previewDialog = (name: string) => screen.findByRole('dialog', { name });

describe('ContentsTable row click', () => {
  it.each([ContentStatus.Draft, ContentStatus.Review])(
    'opens the editor for a creator of the organization on status %i',
    async (statusId) => {
      const user = userEvent.setup();
      renderTable(Role.Instructor, [item('Pitch', statusId)], { creator: true });
      await user.click(rowOf('Pitch'));
      expect(await screen.findByText('editor screen')).toBeInTheDocument();
    },
  );

  it.each([ContentStatus.Active, ContentStatus.Inactive])(
    'previews an item in status %i even for a creator',
    async (statusId) => {
      const user = userEvent.setup();
      renderTable(Role.Instructor, [item('Pitch', statusId)], { creator: true });
      await user.click(rowOf('Pitch'));
      expect(await previewDialog('Pitch')).toBeInTheDocument();
      expect(screen.queryByText('editor screen')).toBeNull();
    },
  );

  it('previews a Draft for a user without the creator flag', async () => {
    const user = userEvent.setup();
    renderTable(Role.Manager, [item('Pitch', ContentStatus.Draft)]);
    await user.click(rowOf('Pitch'));
    expect(await previewDialog('Pitch')).toBeInTheDocument();
  });

  it('previews general content for a creator of an organization', async () => {
    const user = userEvent.setup();
    renderTable(Role.Instructor, [item('Shared', ContentStatus.Draft, null)], { creator: true });
    await user.click(rowOf('Shared'));
    expect(await previewDialog('Shared')).toBeInTheDocument();
  });

  it('always previews when the list has no editor', async () => {
    const user = userEvent.setup();
    renderTable(Role.Instructor, [item('Pitch', ContentStatus.Draft)], {
      creator: true,
      withEditor: false,
    });
    await user.click(rowOf('Pitch'));
    expect(await previewDialog('Pitch')).toBeInTheDocument();
  });
});

describe('ContentsTable status toggle and trash', () => {
  const rows = () => [
    item('General active', ContentStatus.Active, null),
    item('General inactive', ContentStatus.Inactive, null),
    item('General draft', ContentStatus.Draft, null),
  ];

  it('lets the admin toggle Active and Inactive items and nothing else', () => {
    renderTable(Role.Admin, rows());
    expect(toggleOf(ContentStatus.Active)).toHaveLength(1);
    expect(toggleOf(ContentStatus.Inactive)).toHaveLength(1);
    expect(toggleOf(ContentStatus.Draft)).toHaveLength(0);
  });

  it('deactivates an Active item from its tag without opening it', async () => {
    const user = userEvent.setup();
    renderTable(Role.Admin, rows());
    await user.click(toggleOf(ContentStatus.Active)[0]!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(url).toMatch(new RegExp(`/contents/\\d+/status\\?statusId=${ContentStatus.Inactive}$`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the trash icon on Inactive items only, and marks Deleted after confirming', async () => {
    const user = userEvent.setup();
    const list = rows();
    renderTable(Role.Admin, list);
    expect(
      screen.queryByRole('button', { name: contentText.deleteItem('General active') }),
    ).toBeNull();
    expect(
      screen.queryByRole('button', { name: contentText.deleteItem('General draft') }),
    ).toBeNull();
    await user.click(
      screen.getByRole('button', { name: contentText.deleteItem('General inactive') }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(contentText.markDeletedConfirm('General inactive'));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: messages.delete }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toContain(
      `/contents/${list[1]!.id}/status?statusId=${ContentStatus.Deleted}`,
    );
  });

  it('shows general content read-only with the logo to a manager', () => {
    renderTable(Role.Manager, rows());
    expect(toggleOf(ContentStatus.Active)).toHaveLength(0);
    expect(toggleOf(ContentStatus.Inactive)).toHaveLength(0);
    expect(
      screen.queryByRole('button', { name: contentText.deleteItem('General inactive') }),
    ).toBeNull();
    expect(screen.getAllByRole('img', { name: contentText.systemContent })).toHaveLength(3);
  });

  it("lets a manager toggle its own organization's items but never trash them", () => {
    renderTable(Role.Manager, [
      item('Own active', ContentStatus.Active),
      item('Own inactive', ContentStatus.Inactive),
    ]);
    expect(toggleOf(ContentStatus.Active)).toHaveLength(1);
    expect(toggleOf(ContentStatus.Inactive)).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: contentText.deleteItem('Own inactive') }),
    ).toBeNull();
    expect(screen.queryByRole('img', { name: contentText.systemContent })).toBeNull();
  });

  it('keeps the tag a plain label for an instructor of another organization', () => {
    renderTable(Role.Instructor, [item('Other', ContentStatus.Active, 2)]);
    expect(toggleOf(ContentStatus.Active)).toHaveLength(0);
  });
});

describe('ContentsTable actions column', () => {
  it.each([Role.Admin, Role.Manager])('offers Review on items in Review to role %i', (roleId) => {
    renderTable(roleId, [
      item('Waiting', ContentStatus.Review),
      item('Done', ContentStatus.Active),
    ]);
    expect(within(rowOf('Waiting')).getByRole('button', { name: messages.review })).toBeVisible();
    expect(within(rowOf('Done')).queryByRole('button', { name: messages.review })).toBeNull();
  });

  it('offers no Review to an instructor', () => {
    renderTable(Role.Instructor, [item('Waiting', ContentStatus.Review)], { creator: true });
    expect(screen.queryByRole('button', { name: messages.review })).toBeNull();
  });

  it('gives the admin a checkbox on general Active items that adds them to the organization', async () => {
    const user = userEvent.setup();
    renderTable(
      Role.Admin,
      [
        item('Added', ContentStatus.Active, null, [1]),
        item('Not added', ContentStatus.Active, null),
        item('Not active', ContentStatus.Inactive, null),
      ],
      { organizationId: 1 },
    );
    const added = screen.getByRole('checkbox', { name: contentText.offerToOrganization('Added') });
    expect(added).toBeChecked();
    expect(
      screen.queryByRole('checkbox', { name: contentText.offerToOrganization('Not active') }),
    ).toBeNull();
    await user.click(
      screen.getByRole('checkbox', { name: contentText.offerToOrganization('Not added') }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toMatch(/\/contents\/\d+\/add\/1$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
