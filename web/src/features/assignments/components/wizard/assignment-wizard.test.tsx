/**
 * The wizard's organization (001 §2 'Assignment Info'; an admin has none of its own): an admin
 * must choose it before Next, and the interviews, evaluations and assets then offered are the
 * chosen organization's; a manager's wizard asks nothing and uses its own organization.
 */
import { Role, messages } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../../config/assignment-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../../test/render';
import { AssignmentWizard } from './assignment-wizard';

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(answer({ list: [], count: 0 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

function renderWizard(props: {
  organizationId: number | null;
  organizations?: { id: number; name: string }[];
}) {
  renderWithProviders(
    <AssignmentWizard
      {...props}
      onClose={() => undefined}
      onCreated={() => undefined}
      renderAvatarPicker={() => null}
    />,
  );
}

async function fillInfo() {
  await userEvent.type(screen.getByRole('textbox', { name: messages.title }), 'Mock');
  await userEvent.type(screen.getByRole('textbox', { name: messages.description }), 'Practise');
}

describe('AssignmentWizard organization', () => {
  it("makes an admin choose the organization, then offers that organization's interviews", async () => {
    signInAsUser(makeUser(Role.Admin));
    renderWizard({
      organizationId: null,
      organizations: [
        { id: 1, name: 'Demo Academy' },
        { id: 2, name: 'Northwind Training' },
      ],
    });
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
    signInAsUser(makeUser(Role.Manager));
    renderWizard({ organizationId: 1 });
    expect(screen.queryByRole('combobox', { name: messages.organization })).not.toBeInTheDocument();
    await fillInfo();
    await userEvent.click(screen.getByRole('button', { name: messages.next }));
    await waitFor(() =>
      expect(urls()).toContainEqual(expect.stringMatching(/^\/api\/interviews\?organizationId=1&/)),
    );
  });
});
