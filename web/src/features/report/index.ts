/**
 * The report feature (001 §9 'Report export'; decisions.md#console-flows §15 the printable scorecard): what app/
 * routes and pages compose. Other features never import it.
 */
export { PrintReportButton, ScorecardButton } from './components/print-report-button';
export { Scorecard } from './components/scorecard';
export { buildScorecard, hasScorecard } from './build-scorecard';
