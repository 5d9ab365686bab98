/**
 * The invites feature (000 §2.7): the organization's invites, inviting one member or importing many,
 * and registering from an invite. What app/ routes compose; other features never import it.
 */
export { usePublicInvite } from './api/get-public-invite';
export { InviteRegistrationForm } from './components/invite-registration-form';
export { InviteImportDialog } from './components/invite-import-dialog';
export { InviteMemberForm } from './components/invite-member-form';
export { InvitesTable } from './components/invites-table';
