/**
 * Delete, restore and erase on User detail (000 §2.10, §4, §6, §8): each shows only when the
 * policy allows it (admin only; never admin id 1 nor oneself): Delete for an existing user,
 * Restore and Erase for a soft-deleted one. Successes toast `messages.userDeleted`,
 * `messages.userRestored`, `messages.userErased`; failures the server's text or
 * `messages.failedToDeleteUser` / `messages.failedToRestoreUser`. The delete dialog blocks Cancel
 * while deleting (000 §9); erase asks for the typed confirmation.
 */
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { messages, type User } from '@practica/contract';
import { IconRestore, IconTrash, IconTrashX } from '@tabler/icons-react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { userText } from '@shared/config/ui-text';
import { useCan } from '../../../lib/can';
import { toast } from '@shared/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useEraseUser } from '../api/erase-user';
import { failureText } from '../api/failure-text';
import { useRestoreUser } from '../api/restore-user';
import { EraseUserDialog } from './erase-user-dialog';
import { targetOf } from './target';

export interface UserActionsProps {
  user: User;
  /** Called after the user was erased (the page leaves). */
  onErased?: () => void;
}

/** The destructive actions of one user (000 §2.10). */
export function UserActions({ user, onErased }: UserActionsProps) {
  const target = targetOf(user);
  const deleted = user.deletedAt !== null;
  const mayDelete = useCan('user:softDelete', target) && !deleted;
  const mayRestore = useCan('user:restore', target) && deleted;
  const mayErase = useCan('user:erase', target) && deleted;
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  const [eraseOpened, eraseDialog] = useDisclosure(false);
  const deleteMutation = useDeleteUser();
  const restoreMutation = useRestoreUser();
  const eraseMutation = useEraseUser();
  const name = `${user.firstName} ${user.lastName}`.trim();

  if (!mayDelete && !mayRestore && !mayErase) return null;

  const softDelete = () =>
    deleteMutation.mutateAsync(user.id).then(
      () => toast.success(messages.userDeleted),
      (error: unknown) => {
        toast.error(failureText(error, messages.failedToDeleteUser));
        throw error;
      },
    );

  const restore = () =>
    restoreMutation.mutate(user.id, {
      onSuccess: () => toast.success(messages.userRestored),
      onError: (error) => toast.error(failureText(error, messages.failedToRestoreUser)),
    });

  const erase = () =>
    eraseMutation.mutateAsync(user.id).then(
      () => {
        toast.success(messages.userErased);
        onErased?.();
      },
      (error: unknown) => {
        toast.error(failureText(error, messages.failedToDeleteUser));
        throw error;
      },
    );

  return (
    <>
      {mayDelete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={deleteDialog.open}
        >
          {messages.delete}
        </Button>
      )}
      {mayRestore && (
        <Button
          variant="light"
          leftSection={<IconRestore size={16} aria-hidden />}
          loading={restoreMutation.isPending}
          onClick={restore}
        >
          {messages.restore}
        </Button>
      )}
      {mayErase && (
        <Button
          color="red"
          leftSection={<IconTrashX size={16} aria-hidden />}
          onClick={eraseDialog.open}
          disabled={restoreMutation.isPending}
        >
          {messages.erase}
        </Button>
      )}
      <DeleteDialog
        opened={deleteOpened}
        onClose={deleteDialog.close}
        onConfirm={softDelete}
        title={userText.deleteUserTitle}
        message={userText.deleteUserConfirm(name)}
      />
      <EraseUserDialog
        opened={eraseOpened}
        onClose={eraseDialog.close}
        onConfirm={erase}
        firstName={user.firstName}
        lastName={user.lastName}
      />
    </>
  );
}
