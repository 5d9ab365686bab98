/**
 * 'Return draft' (001 §4 Review → Draft by a reviewer) with an optional reason (decisions.md#console-flows §7): a
 * dialog with the reason field (at most `returnReasonMaxLength` characters, counted) and the
 * buttons Cancel and 'Return draft'. The creator sees the reason on the item until it is sent to
 * Review again. The dialog stays open when the change fails (the failure is toasted).
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { messages, returnReasonMaxLength } from '@practica/contract';
import { useEffect, useState } from 'react';
import { contentApprovalText } from '../../../config/content-approval-text';

export interface ReturnDraftDialogProps {
  /** The item's name; null: closed. */
  name: string | null;
  onClose: () => void;
  /** Sends the change with the trimmed reason (empty: none); resolves when done. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The reason dialog of 'Return draft'. */
export function ReturnDraftDialog({ name, onClose, onConfirm }: ReturnDraftDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const opened = name !== null;
  useEffect(() => {
    if (opened) setReason('');
  }, [opened]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch {
      // toasted by the mutation; the reason stays for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={name ? contentApprovalText.returnDraftTitle(name) : ''}
      size="md"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {contentApprovalText.returnDraftIntro}
          </Text>
          <Textarea
            label={contentApprovalText.returnReason}
            placeholder={contentApprovalText.returnReasonPlaceholder}
            rows={4}
            maxLength={returnReasonMaxLength}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            description={`${reason.length}/${returnReasonMaxLength}`}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {messages.returnDraft}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
