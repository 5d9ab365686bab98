/**
 * Titles of screens the spec names without quoting a title; candidates for the contract's
 * catalogue (reported). Quoted titles come from `messages`.
 */
export const routeText = {
  evaluations: 'Evaluations',
  userDetail: 'User detail',
  newOrganization: 'New organization',
  newAvatar: 'New avatar',
  editAvatar: 'Edit avatar',
  newEnvironment: 'New environment',
  editEnvironment: 'Edit environment',
} as const;
