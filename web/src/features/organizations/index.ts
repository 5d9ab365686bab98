/**
 * The organizations feature (000 §2.9): the organizations list, an organization's detail (its cards,
 * member tabs, seats and active switch) and its form. What app/ routes compose; other features
 * never import it.
 */
export { useOrganizations } from './api/list-organizations';
export { useOrganization } from './api/get-organization';
export {
  defaultMemberTab,
  type MemberTab,
  OrganizationMembersTabs,
} from './components/members-tabs';
export { ManagerCards, OrganizationStatCards } from './components/organization-cards';
export { OrganizationsTable } from './components/organizations-table';
export { useAllOrganizationGroups, useOrganizationGroups } from './api/list-organization-groups';
export { useCreateOrganization } from './api/create-organization';
export { OrganizationForm } from './components/organization-form';
export { useUpdateOrganization } from './api/update-organization';
export {
  type AssetTab,
  type ContentTab,
  contentTabs,
  detailTabs,
  type DetailTabState,
  readDetailTabs,
  writeDetailTabs,
} from './components/detail-tabs';
export { OrganizationActiveSwitch } from './components/organization-active-switch';
export { OrganizationSeatsForm } from './components/organization-seats-form';
export { ActiveBadge } from './components/status-badge';
