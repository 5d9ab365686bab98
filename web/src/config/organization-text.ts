/**
 * Console copy of the organization screens, the dashboards of admins and managers, invites and
 * groups (000 §2.5–§2.7, §2.9, §2.10 groups tab) that the spec does not quote; re-exported by
 * ui-text.ts. A module of its own so the sign-in page's bundle does not carry it.
 */
import { messages } from '@practica/contract';

/** Organizations, seats and the dashboards (000 §2.5, §2.9). */
export const organizationText = {
  /** Empty states (decisions.md#console-flows §12): what to do next. */
  noOrganizationsHint: 'Organizations you create appear here.',
  noMembersHint: 'People join once they accept an invite.',
  createHint: 'Add the organization and its contact person. Seats and members come next.',
  details: 'Details',
  address: 'Address',
  contactPerson: 'Contact person',
  contactLockedHint: 'The contact person is set when the organization is created.',
  image: 'Organization image',
  create: 'Create organization',
  seats: 'Seats',
  seatsHint: 'Trainee seats cover active trainees and pending trainee invites.',
  traineeSeats: 'Trainee seats',
  creatorSeats: 'Creator seats',
  seatsInUse: (used: number, total: number) => `${used} of ${total} trainee seats in use`,
  creatorsInUse: (used: number, total: number) => `${used} of ${total} creator seats in use`,
  activeTrainees: 'Active trainees',
  noCreatorSeats: 'This organization has no creator seats.',
  activeLabel: 'Members can sign in',
  deactivateTitle: 'Deactivate this organization?',
  deactivateBody:
    'Its members are signed out and cannot sign in until the organization is activated again.',
  deactivate: 'Deactivate',
  memberTabs: 'Member lists',
  searchMembers: 'Search members',
  contentHint: 'Interviews, rating scales and feedback forms of this organization appear here.',
  scope: 'Scope',
  inviteHint: 'Invite trainees, instructors and managers by email.',
  groupHint: 'Bring trainees and instructors together.',
} as const;

/** Invites and invite registration (000 §2.7). */
export const inviteText = {
  noInvitesHint: 'Invites you send appear here until they are accepted.',
  pendingInvites: 'Pending invites',
  expiresOn: (date: string) => `Expires ${date}`,
  /** An expired invite's status: `messages.expired` and the day it expired. */
  expiredOn: (date: string) => `${messages.expired} ${date}`,
  group: 'Group',
  noGroup: 'No group',
  sendInvite: 'Send invite',
  formHint: (days: number) =>
    `We email a registration link. It works for ${days} days; re-send it to renew.`,
  copyLink: 'Copy link',
  expiredCopyLink: 'Expired: re-send the invite for a new link',
  resend: 'Re-send invite',
  deleteInvite: 'Delete invite',
  deleteConfirm: (name: string) =>
    `Delete the invite of ${name}? The registration link stops working.`,
  actions: 'Actions',
  registrationIntro: (organization: string, role: string) =>
    `You were invited to join ${organization} as ${role}. Choose a password to finish.`,
  createAccount: 'Create account',
  creatingAccount: 'Creating account...',
} as const;

/** Groups (000 §2.6) and a user's groups (000 §2.10). */
export const groupText = {
  noUserGroupsHint: 'Add this person to a group with Edit groups.',
  noGroupSelectedHint: 'Choose a group to see its trainees and instructors.',
  noGroupsHint: 'Groups you create or belong to appear here.',
  members: 'Group members',
  removeMember: (name: string) => `Remove ${name} from the group`,
  addMember: (name: string) => `Add ${name}`,
  unselectMember: (name: string) => `Take ${name} off the list`,
  organizationMembers: 'Organization members',
  selectedMembers: 'Selected members',
  nobodySelected: 'Nobody selected yet.',
  nobodyLeft: 'Everyone is already selected.',
  deleteConfirm: (name: string) =>
    `Delete the group '${name}'? Its members stay in the organization.`,
  createHint: 'Name the group and say what it is for. You add members next.',
  editGroups: 'Edit groups',
  userGroupsHint: 'The groups this person belongs to.',
  notGroupable: 'Groups hold trainees and instructors only.',
  chooseGroups: 'Choose groups',
  noUserGroups: 'Not in any group yet.',
  availableGroups: 'Available groups',
  chosenGroups: 'Chosen groups',
  allGroupsChosen: 'Every group is chosen.',
  organizationLabel: (name: string) => `Organization: ${name}`,
} as const;
