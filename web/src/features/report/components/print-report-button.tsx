/**
 * 'Print Report' (001 §2, §9): one click builds and downloads the assignment's report (the spec's
 * `.xlsx`); busy while it runs. Used by the review screen and the assignment detail page. The
 * review screen puts the answer's printable scorecard (decisions.md#console-flows §15) beside it as its own button,
 * `ScorecardButton`, so Print Report stays the spec's one-click download.
 */
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconPrinter, IconReportAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { reportText } from '../../../config/report-text';
import { exportReport } from '../api/export-report';

export interface PrintReportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  assignmentId: number;
}

/** The Print Report button of an assignment: a click downloads the spreadsheet. */
export function PrintReportButton({ assignmentId, ...props }: PrintReportButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await exportReport(assignmentId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={16} aria-hidden />}
      {...props}
      loading={busy}
      onClick={() => void onClick()}
    >
      {messages.printReport}
    </Button>
  );
}

export interface ScorecardButtonProps extends Omit<ButtonProps, 'component'> {
  /** The scorecard page of the answer (it opens the print dialog once by itself). */
  href: string;
}

/** 'Scorecard': a link, styled as a button, to the answer's printable scorecard. */
export function ScorecardButton({ href, ...props }: ScorecardButtonProps) {
  return (
    <Tooltip label={reportText.scorecardHint} openDelay={400}>
      <Button
        component={Link}
        to={href}
        variant="default"
        leftSection={<IconReportAnalytics size={16} aria-hidden />}
        {...props}
      >
        {reportText.scorecardButton}
      </Button>
    </Tooltip>
  );
}
