/**
 * Invite role choices (000 §2.7, §6): never Admin; admins and managers invite trainees,
 * instructors and managers; instructors trainees only. The group is offered only for trainees and
 * instructors, and the required messages show for an empty form. A refusal of the server goes
 * when a field changes (decisions.md#console-flows §10).
 */
import { messages, Role, roleLabels, type RoleId } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteText } from '../../../config/organization-text';
import { renderWithProviders } from '../../../test/render';
import { inviteRoleChoices } from './invite-role-choices';
import { InviteMemberForm } from './invite-member-form';

const groups = [{ id: 3, name: 'Cohort A' }];
const render = (roleType: RoleId) =>
  renderWithProviders(<InviteMemberForm organizationId={1} roleType={roleType} groups={groups} />);
const groupField = () => screen.queryAllByLabelText(inviteText.group);
const roleRadios = () =>
  screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent ?? radio.id);

describe('invite role choices', () => {
  it('follow the inviting role', () => {
    expect(inviteRoleChoices(Role.Admin)).toEqual([Role.Trainee, Role.Instructor, Role.Manager]);
    expect(inviteRoleChoices(Role.Manager)).toEqual([Role.Trainee, Role.Instructor, Role.Manager]);
    expect(inviteRoleChoices(Role.Instructor)).toEqual([Role.Trainee]);
    expect(inviteRoleChoices(Role.Trainee)).toEqual([]);
  });

  it.each([Role.Admin, Role.Manager])('the form offers role %i three roles, never Admin', (r) => {
    render(r);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByLabelText(roleLabels[Role.Trainee])).toBeInTheDocument();
    expect(screen.getByLabelText(roleLabels[Role.Instructor])).toBeInTheDocument();
    expect(screen.getByLabelText(roleLabels[Role.Manager])).toBeInTheDocument();
    expect(screen.queryByLabelText(roleLabels[Role.Admin])).not.toBeInTheDocument();
  });

  it('offers an instructor trainees only', () => {
    render(Role.Instructor);
    expect(roleRadios()).toHaveLength(1);
    expect(screen.getByLabelText(roleLabels[Role.Trainee])).toBeInTheDocument();
  });

  it('offers the group for trainees and instructors, not for managers', async () => {
    render(Role.Manager);
    expect(groupField()).not.toHaveLength(0);
    await userEvent.click(screen.getByLabelText(roleLabels[Role.Instructor]));
    expect(groupField()).not.toHaveLength(0);
    await userEvent.click(screen.getByLabelText(roleLabels[Role.Manager]));
    expect(groupField()).toHaveLength(0);
  });

  it('shows the required messages for an empty form', async () => {
    render(Role.Manager);
    await userEvent.click(screen.getByRole('button', { name: inviteText.sendInvite }));
    expect(await screen.findByText(messages.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
  });

  it("clears the server's refusal when a field changes", async () => {
    const refusal = 'This email is already registered.';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              message: refusal,
              data: null,
              error: { code: 'CONFLICT', message: refusal },
            }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    render(Role.Manager);
    await userEvent.type(screen.getByLabelText(new RegExp(messages.firstName)), 'Ann');
    await userEvent.type(screen.getByLabelText(new RegExp(messages.lastName)), 'Lee');
    const email = screen.getByLabelText(new RegExp(messages.email));
    await userEvent.type(email, 'ann@demo.test');
    await userEvent.click(screen.getByRole('button', { name: inviteText.sendInvite }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await userEvent.type(email, 'x');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});

afterEach(() => vi.unstubAllGlobals());
