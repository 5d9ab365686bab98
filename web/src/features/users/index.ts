/**
 * The users feature (000 §2.8–§2.11, §7 'Session and users'): what app/ routes and other screens
 * compose. Other features never import it; app/ pages put the pieces together.
 */
export { DeletedUsersModal } from './components/deleted-users-modal';
export { AddAdminModal } from './components/add-admin-modal';
export { AdminsList } from './components/admins-list';
export { EmailChangeForm } from './components/email-change-form';
export { PasswordResetForm } from './components/password-reset-form';
export { ProfileCard } from './components/profile-card';
export { UserAccessCard } from './components/user-access-card';
export { UserActions } from './components/user-actions';
export { targetOf as userTarget } from './components/target';
export { UserEditForm } from './components/user-edit-form';
export { useUser } from './api/get-user';
export { forgetUser } from './api/erase-user';
export { useValidateEmail } from './api/validate-email';
