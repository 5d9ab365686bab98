/**
 * Choosing the file of the 'Import CSV' dialog (decisions.md#insights-and-administration §2): the
 * empty state — the columns, a drop zone and the file button (.csv), the template to download —
 * or, `compact`, only the button to choose another file.
 */
import { Anchor, Button, FileButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { inviteImportText as t } from '../../../config/invite-import-text';

/** Empty state and drop zone: the columns, the template, the file button. */
export function FileChooser({
  onFile,
  reading,
  templateHref,
  compact,
}: {
  onFile: (file: File | null) => void;
  reading: boolean;
  templateHref: string;
  compact: boolean;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  };
  const template = (
    <Anchor href={templateHref} download={t.templateFileName} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {t.downloadTemplate}
      </Group>
    </Anchor>
  );
  const button = (
    <FileButton onChange={onFile} accept=".csv,text/csv">
      {(props) => (
        <Button
          {...props}
          variant={compact ? 'default' : 'filled'}
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={reading}
        >
          {compact ? t.chooseAnother : t.chooseFile}
        </Button>
      )}
    </FileButton>
  );
  if (compact) return button;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm">{t.intro}</Text>
        <List size="sm" mt={4} withPadding>
          {t.columnsHelp.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt={6}>
          {t.headerHint}
        </Text>
      </div>
      <Paper
        p="xl"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${over ? 'blue-5' : 'gray-4'})`,
          background: over ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap="sm">
          <IconFileTypeCsv size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" c="dimmed">
            {t.dropHere}
          </Text>
          {button}
        </Stack>
      </Paper>
      {template}
    </Stack>
  );
}
