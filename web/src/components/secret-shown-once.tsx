/**
 * A secret shown this only time (decisions.md#api-tokens, decisions.md#webhooks §3): a warning,
 * the value under its label with a copy button, and Done. The create dialogs of API tokens and
 * webhook endpoints show it after their create call; it takes the focus to the copy button, since
 * the dialog's content changed under the focus trap.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

export interface SecretShownOnceProps {
  /** The secret itself. */
  value: string;
  /** The label above it, e.g. 'API token'. */
  label: string;
  /** Why it must be copied now. */
  warning: string;
  /** The texts of the copy button before and after copying, and of the closing button. */
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  /** The value block's test id. */
  testId: string;
  onDone: () => void;
}

/** The secret with its warning, copy button and Done. */
export function SecretShownOnce(props: SecretShownOnceProps) {
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
        {props.warning}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {props.label}
        </Text>
        <Group gap="xs" wrap="nowrap" align="stretch">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid={props.testId}
          >
            {props.value}
          </Code>
          <CopyButton value={props.value}>
            {({ copied, copy }) => (
              <Button
                ref={copyRef}
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? props.copiedLabel : props.copyLabel}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={props.onDone}>{props.doneLabel}</Button>
      </Group>
    </Stack>
  );
}
