/**
 * The groups feature (000 §2.6, §2.10): what app/ routes compose. Other features never import it.
 */
export { UserGroupsTab } from './components/user-groups-tab';
export { GroupPanel } from './components/group-panel';
export { GroupsList } from './components/groups-list';
export { GroupForm, GroupFormModal } from './components/group-form';
export { useGroup } from './api/get-group';
