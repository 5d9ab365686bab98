/**
 * The organization content views (decisions.md#console-flows §9): a manager whose organization has no interviews of
 * its own opens on the General side; the empty Organization side says 'No interviews yet' and
 * offers a creator 'Create interview'; the chosen view goes into the address.
 */
import {
  ContentStatus,
  ContentType,
  messages,
  Ownership,
  Role,
  type ContentListItem,
} from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { OrganizationContents } from './organization-contents';

const general: ContentListItem = {
  id: 7,
  name: 'Leadership interview',
  description: 'General',
  statusId: ContentStatus.Active,
  contentTypeId: ContentType.Interview,
  organizationId: null,
  language: 'English',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  createdBy: null,
  returnReason: null,
  questionsCount: 4,
  organization: null,
  organizationIds: [1],
};

const answer = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** Own (authoring 1) lists are empty; the general side (authoring 2) has one interview. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const generalSide = url.searchParams.get('authoring') === String(Ownership.Assigned);
  return answer(generalSide ? { list: [general], count: 1 } : { list: [], count: 0 });
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  signInAsUser(makeUser(Role.Manager, { creator: true }));
});
afterEach(() => vi.unstubAllGlobals());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

describe('OrganizationContents (decisions.md#console-flows §9)', () => {
  it('opens on General when the organization has none of its own; the empty side says what to do', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    renderWithProviders(
      <MemoryRouter initialEntries={['/contents']}>
        <Routes>
          <Route
            path="/contents"
            element={
              <>
                <OrganizationContents organizationId={1} syncUrl onCreate={onCreate} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(general.name)).toBeInTheDocument();
    const scope = screen.getByRole('radiogroup', { name: contentText.scope });
    expect(screen.getByRole('radio', { name: messages.general })).toBeChecked();
    expect(scope).toBeInTheDocument();

    await user.click(screen.getByText(messages.organization));
    expect(
      await screen.findByText(contentApprovalText.noItemsYet(ContentType.Interview)),
    ).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('view=organization');
    await user.click(
      screen.getByRole('button', { name: contentApprovalText.createItem(ContentType.Interview) }),
    );
    expect(onCreate).toHaveBeenCalledWith(ContentType.Interview);
  });

  it('keeps the status filter from the address and offers all statuses when it hides everything', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter
        initialEntries={[`/contents?view=organization&statusId=${ContentStatus.Review}`]}
      >
        <Routes>
          <Route
            path="/contents"
            element={
              <>
                <OrganizationContents organizationId={1} syncUrl />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('radio', { name: messages.organization })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Review' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: contentApprovalText.otherStatus }));
    await waitFor(() => expect(screen.getByTestId('address')).not.toHaveTextContent('statusId'));
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });
});
