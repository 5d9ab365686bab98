/**
 * The review screen's shortcuts dialog (decisions.md#review-loop §2): opened with `?` (or its button, which shows
 * the key) and listing every shortcut of `review-shortcuts.ts` — the one table the hints read too.
 * The dialog's own keys are Mantine's (Escape closes, focus returns to where it was).
 */
import { Button, Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { reviewKeysText } from '../../../config/review-keys-text';
import { useScreenHotkeys, type ScreenHotkey } from '../../../lib/screen-hotkeys';
import { hotkeys, reviewShortcuts, shortcutOf } from '../review-shortcuts';

/** The keys of a shortcut, one `<Kbd>` each (separators such as '–' and '+' as text). */
export function ShortcutKeys({ keys }: { keys: readonly string[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((key, i) =>
        key === '–' || key === '+' ? (
          <Text key={i} size="sm" c="dimmed" aria-hidden>
            {key}
          </Text>
        ) : (
          <Kbd key={i} size="sm">
            {key}
          </Kbd>
        ),
      )}
    </Group>
  );
}

/** The button that opens the dialog, and the dialog; `?` opens it from anywhere on the screen. */
export function ShortcutsDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  useScreenHotkeys(hotkeys.help.map((key): ScreenHotkey => [key, open]));
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={open}
        rightSection={<Kbd size="xs">{shortcutOf('help').keys[0]}</Kbd>}
        aria-keyshortcuts="?"
      >
        {reviewKeysText.openDialog}
      </Button>
      <Modal opened={opened} onClose={close} title={reviewKeysText.dialogTitle} size="lg">
        <Table verticalSpacing={6} data-testid="shortcuts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{reviewKeysText.keyColumn}</Table.Th>
              <Table.Th>{reviewKeysText.doesColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reviewShortcuts.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <ShortcutKeys keys={s.keys} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.does}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="sm">
          {reviewKeysText.dialogNote}
        </Text>
      </Modal>
    </>
  );
}
