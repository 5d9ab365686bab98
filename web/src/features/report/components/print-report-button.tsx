/**
 * 'Print Report' (001 §2, §9): builds and downloads the assignment's report; busy while it runs.
 * Used by the review screen and the assignment detail page. Given `scorecardHref` (the review
 * screen, issue 22 §15), it opens a menu instead: the spec's spreadsheet of the assignment, or the
 * printable scorecard of the answer on screen.
 */
import { Button, Menu, Text, type ButtonProps } from '@mantine/core';
import { messages } from '@practica/contract';
import {
  IconChevronDown,
  IconFileSpreadsheet,
  IconPrinter,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { reportText } from '../../../config/report-text';
import { exportReport } from '../api/export-report';

export interface PrintReportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  assignmentId: number;
  /** The printable scorecard of one answer: the button then offers it beside the spreadsheet. */
  scorecardHref?: string;
}

/** The Print Report button of an assignment (a menu of two when `scorecardHref` is given). */
export function PrintReportButton({
  assignmentId,
  scorecardHref,
  ...props
}: PrintReportButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await exportReport(assignmentId);
    } finally {
      setBusy(false);
    }
  };
  if (scorecardHref === undefined) {
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
  return (
    <Menu position="bottom-end" withinPortal width={280}>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          {...props}
          loading={busy}
        >
          {messages.printReport}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() => void onClick()}
        >
          <Text size="sm">{reportText.spreadsheet}</Text>
          <Text size="xs" c="dimmed">
            {reportText.spreadsheetHint}
          </Text>
        </Menu.Item>
        <Menu.Item
          leftSection={<IconReportAnalytics size={18} aria-hidden />}
          component={Link}
          to={scorecardHref}
        >
          <Text size="sm">{reportText.scorecard}</Text>
          <Text size="xs" c="dimmed">
            {reportText.scorecardHint}
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
