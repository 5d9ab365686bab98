/**
 * The review feature (001 §2 'Review screen'): what app/ routes compose. Other features never
 * import it.
 */
export { useAnswer } from './api/get-answer';
export { useAnswerClaim } from './api/claim-answer';
export { ClaimBanner } from './components/claim-banner';
export { ReviewHistory } from './components/review-history';
export { ReviewPanel } from './components/review-panel';
export { VideoPlayer } from './components/video-player';
