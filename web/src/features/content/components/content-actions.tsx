/**
 * The state actions of the editors (001 §4): Draft → 'Submit' (refused with 'Save interview/
 * evaluation before submitting' while the details have unsaved changes) and 'Delete' after a
 * confirmation; Review → 'Edit' (the author) or 'Return draft' (a reviewer) and 'Approve' (Admin,
 * Manager). An evaluation in Review offers only 'Edit' and 'Cancel'. 'Return draft' asks for an
 * optional reason the creator will see (decisions.md#console-flows §7). The server's checks (roles, questions) come
 * back as toasts.
 */
import { Button, Group } from '@mantine/core';
import { can, ContentStatus, ContentType, messages, type Content } from '@practica/contract';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { contentText } from '../../../config/content-text';
import { useAuth } from '../../../lib/auth';
import { toActor } from '../../../lib/can';
import { toast } from '@shared/lib/toast';
import { useChangeContentStatus, useDeleteContent } from '../api/change-content';
import { ReturnDraftDialog } from './return-draft-dialog';

export interface ContentActionsProps {
  content: Content;
  /** The details form has unsaved changes. */
  dirty: boolean;
  onDeleted: () => void;
  onCancel: () => void;
}

/** Submit, Edit/Return draft, Approve and Delete of one item (001 §4). */
export function ContentActions({ content, dirty, onDeleted, onCancel }: ContentActionsProps) {
  const { user } = useAuth();
  const actor = toActor(user);
  const status = useChangeContentStatus();
  const remove = useDeleteContent();
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const target = {
    organizationId: content.organizationId,
    ...(content.createdBy ? { createdById: content.createdBy.id } : {}),
  };
  const isInterview = content.contentTypeId === ContentType.Interview;
  const author = can(actor, 'content:author', target);
  const approver = can(actor, 'content:approve', target);
  const change = (statusId: number) => status.mutate({ id: content.id, statusId });
  const busy = status.isPending || remove.isPending;

  const submit = () => {
    if (dirty) {
      toast.error(
        isInterview
          ? messages.saveInterviewBeforeSubmitting
          : messages.saveEvaluationBeforeSubmitting,
      );
      return;
    }
    change(ContentStatus.Review);
  };

  return (
    <Group gap="sm" justify="flex-end">
      {content.statusId === ContentStatus.Draft && author && (
        <>
          <Button variant="default" color="red" disabled={busy} onClick={() => setConfirming(true)}>
            {messages.delete}
          </Button>
          <Button loading={status.isPending} disabled={busy} onClick={submit}>
            {messages.submit}
          </Button>
        </>
      )}
      {content.statusId === ContentStatus.Review && !isInterview && author && (
        <>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {messages.cancel}
          </Button>
          <Button loading={status.isPending} onClick={() => change(ContentStatus.Draft)}>
            {messages.edit}
          </Button>
        </>
      )}
      {content.statusId === ContentStatus.Review && (isInterview || !author) && (
        <>
          {(author || approver) && (
            <Button
              variant="default"
              loading={status.isPending}
              onClick={() => (author ? change(ContentStatus.Draft) : setReturning(true))}
            >
              {author ? messages.edit : messages.returnDraft}
            </Button>
          )}
          {approver && (
            <Button loading={status.isPending} onClick={() => change(ContentStatus.Active)}>
              {messages.approve}
            </Button>
          )}
        </>
      )}
      <ReturnDraftDialog
        name={returning ? content.name : null}
        onClose={() => setReturning(false)}
        onConfirm={(reason) =>
          status.mutateAsync({ id: content.id, statusId: ContentStatus.Draft, reason })
        }
      />
      <DeleteDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={messages.delete}
        message={contentText.deleteConfirm(content.name)}
        onConfirm={async () => {
          await remove.mutateAsync({ id: content.id, contentTypeId: content.contentTypeId });
          onDeleted();
        }}
      />
    </Group>
  );
}
