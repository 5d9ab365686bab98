/**
 * The api-tokens feature (decisions.md#api-tokens): the "API tokens" section of an organization's
 * page, with its create dialog. What app/ routes compose; other features never import it.
 */
export { ApiTokensSection } from './components/api-tokens-section';
