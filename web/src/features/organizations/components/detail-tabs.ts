/**
 * The organization detail tabs (000 §2.9): Members, Content and Assets, each with its sub-tabs,
 * remembered for the browser session under the contract's session key (000 §9).
 */
import { sessionStore } from '@shared/lib/storage';
import { defaultMemberTab, isMemberTab, type MemberTab } from './members-tabs';

export const detailTabs = ['members', 'content', 'assets'] as const;
export type DetailTab = (typeof detailTabs)[number];

export const contentTabs = ['interviews', 'ratings', 'feedback'] as const;
export type ContentTab = (typeof contentTabs)[number];

export const assetTabs = ['avatars', 'environments'] as const;
export type AssetTab = (typeof assetTabs)[number];

/** Which tab and sub-tabs are chosen. */
export interface DetailTabState {
  tab: DetailTab;
  members: MemberTab;
  content: ContentTab;
  assets: AssetTab;
}

export const defaultDetailTabs: DetailTabState = {
  tab: 'members',
  members: defaultMemberTab,
  content: 'interviews',
  assets: 'avatars',
};

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value)
    ? (value as T)
    : fallback;

/** The remembered tabs, or the defaults (Members › Trainees). */
export function readDetailTabs(): DetailTabState {
  const raw = sessionStore.readOrgDetailTab();
  if (!raw) return defaultDetailTabs;
  let parsed: Partial<Record<keyof DetailTabState, unknown>>;
  try {
    parsed = JSON.parse(raw) as Partial<Record<keyof DetailTabState, unknown>>;
  } catch {
    parsed = {};
  }
  return {
    tab: oneOf(detailTabs, parsed.tab, defaultDetailTabs.tab),
    members: isMemberTab(parsed.members) ? parsed.members : defaultDetailTabs.members,
    content: oneOf(contentTabs, parsed.content, defaultDetailTabs.content),
    assets: oneOf(assetTabs, parsed.assets, defaultDetailTabs.assets),
  };
}

/** Remembers the chosen tabs for the session. */
export function writeDetailTabs(state: DetailTabState): void {
  sessionStore.writeOrgDetailTab(JSON.stringify(state));
}
