/**
 * The erase confirmation (000 §4, §5): erasing removes an already soft-deleted user for good, so
 * the admin types the last name of the user, or the fallback text when there is none
 * (`eraseConfirmationText`), compared ignoring case (`isEraseConfirmed`). The confirm button stays
 * disabled until the text matches; Cancel is blocked while the erase runs (000 §9).
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { eraseConfirmationText, isEraseConfirmed, messages } from '@practica/contract';
import { useState } from 'react';
import { userText } from '@shared/config/ui-text';

export interface EraseUserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs the erase; the dialog stays busy until it settles and closes on success. */
  onConfirm: () => Promise<unknown>;
  firstName: string;
  lastName: string | null;
}

/** Typed confirmation before a hard delete (000 §5). */
export function EraseUserDialog({
  opened,
  onClose,
  onConfirm,
  firstName,
  lastName,
}: EraseUserDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const expected = eraseConfirmationText(lastName);
  const confirmed = isEraseConfirmed(lastName, typed);
  const name = `${firstName} ${lastName ?? ''}`.trim();

  const close = () => {
    if (busy) return;
    setTyped('');
    onClose();
  };

  const confirm = async () => {
    if (!confirmed || busy) return;
    setBusy(true);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch {
      // The caller showed the error; the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={userText.eraseTitle}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      size="md"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{userText.eraseWarning(name)}</Text>
          <TextInput
            label={userText.eraseTypeToConfirm(expected)}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              {messages.cancel}
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={busy}>
              {messages.erase}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
