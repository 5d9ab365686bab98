/**
 * Confirmation dialogs (000 §2.4 logout, 000 §9 'Delete dialogs block cancel while the deletion is
 * in progress'). While `onConfirm` runs, Cancel, the close button, Escape and the backdrop are
 * disabled and the confirm button shows a loader.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** May return a promise: the dialog stays busy until it settles, then closes on success. */
  onConfirm: () => unknown;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Busy state driven from outside (e.g. a mutation's isPending). */
  loading?: boolean;
}

/** A modal asking to confirm one action (000 §2.4, §9). */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel = messages.cancel,
  danger = false,
  loading = false,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const busy = loading || running;

  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller reported the error (toast); keep the dialog open for another try.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      size="sm"
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={() => void confirm()}
          loading={busy}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** The delete dialog (000 §9): a destructive confirmation labelled `messages.delete`. */
export function DeleteDialog(
  props: Omit<ConfirmDialogProps, 'confirmLabel' | 'danger'> & { confirmLabel?: string },
) {
  return <ConfirmDialog {...props} confirmLabel={props.confirmLabel ?? messages.delete} danger />;
}
