/**
 * The report feature (001 §9 'Report export'): what app/ routes and pages compose. Other features
 * never import it.
 */
export { PrintReportButton, type PrintReportButtonProps } from './components/print-report-button';
export { exportReport } from './api/export-report';
