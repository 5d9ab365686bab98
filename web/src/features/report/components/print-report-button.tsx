/**
 * 'Print Report' (001 §2, §9): builds and downloads the assignment's report; busy while it runs.
 * Used by the review screen and the assignment detail page.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { exportReport } from '../api/export-report';

export interface PrintReportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  assignmentId: number;
}

/** The Print Report button of an assignment. */
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
