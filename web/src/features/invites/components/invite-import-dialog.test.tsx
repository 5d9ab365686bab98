/**
 * The 'Import CSV' dialog (decisions.md#insights-and-administration §2) against a mocked POST /invites/batch: the empty state and
 * template, file refusals (not CSV, missing columns), the rows' messages and duplicates, the dry
 * run's statuses and summary, the seat rule (message, Send off, the Admin's link to the seats),
 * removing rows, sending with the result per row, and a 409 that keeps the preview.
 */
import {
  format,
  messages,
  Role,
  roleLabels,
  type InviteBatchBody,
  type InviteBatchResult,
  type RoleId,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { mediaQueryList } from '../../../test/media-query';
import { makeUser, renderWithProviders, signedOut, signInAsUser } from '../../../test/render';
import { InviteImportDialog } from './invite-import-dialog';

const groups = [{ id: 7, name: 'Cohort A' }];

interface Server {
  freeSeats: number;
  users: string[];
  pending: string[];
  /** Answer the real send with this 409 message. */
  conflict?: string;
  bodies: InviteBatchBody[];
}

function envelope(data: unknown, status = 200) {
  const ok = status < 400;
  return new Response(
    JSON.stringify(
      ok
        ? { success: true, message: '', data, error: null }
        : {
            success: false,
            message: String(data),
            data: null,
            error: { code: 'CONFLICT', message: String(data) },
          },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

/** A stand-in for POST /invites/batch: create, resend (pending) or skip (user) per row. */
function mockServer(server: Server) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/invites/batch');
      const body = JSON.parse(String(init.body)) as InviteBatchBody;
      server.bodies.push(body);
      const rows = body.rows.map((row, index) => {
        const email = row.email.toLowerCase();
        const status = server.users.includes(email)
          ? ('skip' as const)
          : server.pending.includes(email)
            ? ('resend' as const)
            : ('create' as const);
        return {
          index,
          email,
          status,
          reason:
            status === 'skip'
              ? messages.importUserExists
              : status === 'resend'
                ? messages.importPendingInvite
                : null,
          inviteId: body.dryRun || status === 'skip' ? null : 100 + index,
        };
      });
      const needed = body.rows.filter(
        (row, i) => row.roleId === Role.Trainee && rows[i]!.status === 'create',
      ).length;
      if (!body.dryRun && server.conflict) return envelope(server.conflict, 409);
      const result: InviteBatchResult = {
        dryRun: Boolean(body.dryRun),
        rows,
        created: rows.filter((r) => r.status === 'create').length,
        resent: rows.filter((r) => r.status === 'resend').length,
        skipped: rows.filter((r) => r.status === 'skip').length,
        seats: { free: server.freeSeats, needed },
      };
      return envelope(result);
    }),
  );
}

function render(roleId: RoleId = Role.Manager) {
  signInAsUser(makeUser(roleId));
  return renderWithProviders(
    <MemoryRouter>
      <InviteImportDialog opened onClose={() => {}} organizationId={1} groups={groups} />
    </MemoryRouter>,
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function choose(text: string, name = 'people.csv', type = 'text/csv') {
  await userEvent.upload(fileInput(), new File([text], name, { type }), { applyAccept: false });
}

const header = 'First name,Last name,Email,Role,Group\n';
const preview = () => screen.findByRole('table', { name: t.previewLabel });
const rowOf = (line: number) =>
  screen.getByRole('button', { name: t.removeRow(line) }).closest('tr')!;
const sendButton = () => screen.getByRole('button', { name: /^Send / });

let server: Server;
beforeEach(() => {
  server = { freeSeats: 10, users: [], pending: [], bodies: [] };
  mockServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signedOut();
});

describe('invite import dialog', () => {
  it('explains the columns and offers the template before a file is chosen', () => {
    render();
    expect(screen.getByText(t.intro)).toBeInTheDocument();
    const template = screen.getByRole('link', { name: t.downloadTemplate });
    expect(template).toHaveAttribute('download', 'invites-template.csv');
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain(
      'First name,Last name,Email,Role,Group',
    );
    expect(screen.getByRole('button', { name: t.chooseFile })).toBeInTheDocument();
  });

  it('refuses a file that is not CSV and one without the needed columns', async () => {
    render();
    await choose('PK\u0003\u0004', 'people.xlsx', 'application/vnd.ms-excel.sheet');
    expect(await screen.findByText(t.notCsv('people.xlsx'))).toBeInTheDocument();
    await choose('Name,Email\nAda,ada@x.test\n');
    expect(
      await screen.findByText(t.missingColumns(['First name', 'Last name', 'Role'])),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(server.bodies).toHaveLength(0);
  });

  it('shows each row its messages and duplicates; Send waits until they are removed', async () => {
    server.users = ['old@x.test'];
    server.pending = ['pend@x.test'];
    render();
    await choose(
      header +
        'Ada,Lovelace,ada@x.test,Trainee,Cohort A\n' +
        ',Hopper,grace@x.test,Instructor,\n' +
        'Ada,Again,ADA@x.test,Trainee,\n' +
        'Old,User,old@x.test,Trainee,\n' +
        'Pen,Ding,pend@x.test,Manager,\n',
    );
    await preview();
    expect(within(rowOf(3)).getByText(messages.firstNameRequired)).toBeInTheDocument();
    expect(within(rowOf(4)).getByText(format.importDuplicateEmail(2))).toBeInTheDocument();
    // The dry run checks the rows without errors only.
    expect(await within(rowOf(5)).findByText(messages.importUserExists)).toBeInTheDocument();
    expect(within(rowOf(6)).getByText(messages.importPendingInvite)).toBeInTheDocument();
    expect(within(rowOf(2)).getByText(t.willCreate)).toBeInTheDocument();
    expect(server.bodies.at(-1)!.dryRun).toBe(true);
    expect(server.bodies.at(-1)!.rows.map((r) => r.email)).toEqual([
      'ada@x.test',
      'old@x.test',
      'pend@x.test',
    ]);
    const summary = screen.getByTestId('import-summary');
    expect(within(summary).getByText(t.summaryCreate(1))).toBeInTheDocument();
    expect(within(summary).getByText(t.summaryResend(1))).toBeInTheDocument();
    expect(within(summary).getByText(t.summarySkip(1))).toBeInTheDocument();
    expect(within(summary).getByText(t.summaryErrors(2))).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: t.removeRow(3) }));
    await userEvent.click(screen.getByRole('button', { name: t.removeRow(4) }));
    expect(within(summary).getByText(t.summaryErrors(0))).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('says how many trainee rows fit the free seats and keeps Send off', async () => {
    server.freeSeats = 1;
    render();
    await choose(
      header +
        'A,One,a1@x.test,Trainee,\n' +
        'A,Two,a2@x.test,Trainee,\n' +
        'A,Three,a3@x.test,Trainee,\n' +
        'I,Four,i4@x.test,Instructor,\n',
    );
    expect(await screen.findByText(format.importSeatsExceeded(1, 3))).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    // A manager cannot raise seats: no link.
    expect(screen.queryByRole('link', { name: t.raiseSeats })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.removeRow(3) }));
    await userEvent.click(screen.getByRole('button', { name: t.removeRow(4) }));
    await waitFor(() =>
      expect(screen.queryByText(/trainee invites fit in the free seats/)).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it("gives an Admin the way to the organization's seats", async () => {
    server.freeSeats = 0;
    render(Role.Admin);
    await choose(header + 'A,One,a1@x.test,Trainee,\n');
    expect(await screen.findByText(format.importSeatsExceeded(0, 1))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.raiseSeats })).toHaveAttribute(
      'href',
      '/dbl/organizations/1',
    );
  });

  it('sends the batch in one call and shows the result per row', async () => {
    server.users = ['old@x.test'];
    server.pending = ['pend@x.test'];
    render();
    await choose(
      header +
        'Ada,Lovelace,ada@x.test,Trainee,Cohort A\n' +
        'Old,User,old@x.test,Trainee,\n' +
        'Pen,Ding,pend@x.test,Manager,\n',
    );
    await preview();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(sendButton()).toHaveTextContent(t.send(2));
    await userEvent.click(sendButton());
    const results = await screen.findByRole('table', { name: t.resultsLabel });
    const sent = server.bodies.filter((b) => !b.dryRun);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rows).toHaveLength(3);
    expect(sent[0]!.rows[0]).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@x.test',
      roleId: Role.Trainee,
      groupId: 7,
    });
    expect(within(results).getByText(t.created)).toBeInTheDocument();
    expect(within(results).getByText(t.resent)).toBeInTheDocument();
    expect(within(results).getByText(t.skipped)).toBeInTheDocument();
    expect(screen.getByText(t.resultSummary(1, 1, 1, 0))).toBeInTheDocument();
    expect(await screen.findByText(t.sentToast(1, 1, 1))).toBeInTheDocument();
  });

  it('counts and lists the rows removed before sending in the result, as not sent', async () => {
    render();
    await choose(
      header +
        'Ada,Lovelace,ada@x.test,Trainee,Cohort A\n' +
        ',Hopper,grace@x.test,Instructor,\n' +
        'Bob,Brown,bob@x.test,Manager,\n',
    );
    await preview();
    await userEvent.click(screen.getByRole('button', { name: t.removeRow(3) }));
    await userEvent.click(screen.getByRole('button', { name: t.removeRow(4) }));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await userEvent.click(sendButton());
    const results = await screen.findByRole('table', { name: t.resultsLabel });
    expect(screen.getByText(t.resultSummary(1, 0, 0, 2))).toBeInTheDocument();
    const lines = within(results)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^2Ada Lovelace.*Created/),
      expect.stringMatching(new RegExp(`^3Hopper.*${t.removedBadge}${t.removedNote}`)),
      expect.stringMatching(new RegExp(`^4Bob Brown.*${t.removedBadge}${t.removedNote}`)),
    ]);
  });

  it("on a narrow screen keeps each row's check with the person, in one column that wraps", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      mediaQueryList(query, query === '(max-width: 48em)'),
    );
    render();
    await choose(header + 'Ada,Lovelace,ada@x.test,Trainee,Night Owls\n');
    const table = await preview();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([t.row, `${t.person} · ${t.check}`, t.remove]);
    // The message is in the person's cell, under the name, role and group.
    const person = within(rowOf(2)).getByText('Ada Lovelace').closest('td')!;
    expect(person).toHaveTextContent(`${roleLabels[Role.Trainee]} · Night Owls`);
    expect(within(person).getByText(format.importGroupUnknown('Night Owls'))).toBeInTheDocument();
  });

  it('shows a 409 from the server and keeps the preview to send again', async () => {
    const refusal = format.importSeatsExceeded(0, 1);
    server.conflict = refusal;
    render();
    await choose(header + 'A,One,a1@x.test,Trainee,\nB,Two,b2@x.test,Manager,\n');
    await preview();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await userEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(refusal)).toBeInTheDocument();
    expect(within(alert).getByText(t.nothingLost)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: t.previewLabel })).toBeInTheDocument();
    expect(rowOf(2)).toBeInTheDocument();
    expect(rowOf(3)).toBeInTheDocument();
  });
});
