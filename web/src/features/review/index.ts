/**
 * The review feature (001 §2 'Review screen'): what app/ routes compose. Other features never
 * import it.
 */
export { useAnswer } from './api/get-answer';
export { useAnswerClaim, type AnswerClaim } from './api/claim-answer';
export { ClaimBanner, type ClaimBannerProps } from './components/claim-banner';
export { ReviewHistory, type ReviewHistoryProps } from './components/review-history';
export { ReviewPanel, type ReviewPanelProps } from './components/review-panel';
export { VideoPlayer, type VideoPlayerProps } from './components/video-player';
