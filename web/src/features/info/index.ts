/**
 * The info feature (000 §3 'System info', decisions.md#console-details): the version, the store
 * links and their badges. What app/ routes compose; other features never import it.
 */
export { cachedStoreLinks, useInfo } from './api/get-info';
export { StoreBadges } from './components/store-badges';
