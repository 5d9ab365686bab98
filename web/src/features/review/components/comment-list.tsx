/**
 * The time-coded comments of the question the review player shows (decisions.md#review-loop §3): the list under
 * the player, sorted by time ('0:42 — text', author, a Draft badge), the add form and the `c` key.
 * Clicking a comment's time seeks there. The author edits or deletes their drafts inline. Adding
 * (the 'Add comment' button or `c`, while the caller may review the answer): the video pauses, a
 * field opens at the current time; Enter saves (Shift+Enter is a new line), Escape cancels, and the
 * video goes on if it was playing. Keys typed in a field never act as shortcuts; `c` works wherever
 * else the focus is (on the stars, a button: `lib/screen-hotkeys.ts`).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Kbd,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ReviewComment } from '@practica/contract';
import { IconMessagePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { commentClock } from '@shared/lib/clock';
import { reviewCommentsText as text } from '../../../config/review-comments-text';
import { useScreenHotkeys } from '../../../lib/screen-hotkeys';
import { useComments, useCreateComment, useDeleteComment, useUpdateComment } from '../api/comments';
import { hotkeys } from '../review-shortcuts';

/** What the comments need of the review player: the question shown and the playhead. */
export interface CommentPlayer {
  answerId: number;
  /** The caller may add comments (the answer detail's `canReview`). */
  canAdd: boolean;
  /** The answer's `reviewedAt`: a new review (which attaches the drafts) reads the list again. */
  reviewedAt: string | null;
  questionId: number;
  /** The question's short label ('Q2'). */
  questionLabel: string;
  /** The video's duration in seconds (0 while unknown). */
  duration: number;
  playing: boolean;
  /** The playhead now, in seconds. */
  currentTime(): number;
  seek(seconds: number): void;
  pause(): void;
  play(): void;
}

/** The comments of question `questionId` among `list`, by time (then id). */
export function questionComments(
  list: readonly ReviewComment[] | undefined,
  questionId: number,
): ReviewComment[] {
  return (list ?? [])
    .filter((c) => c.questionId === questionId)
    .sort((a, b) => a.atMs - b.atMs || a.id - b.id);
}

/** The comments of the answer as `player` shows them (its latest review's and the caller's drafts). */
export function usePlayerComments(player: CommentPlayer) {
  return useComments(player.answerId, player.reviewedAt);
}

/**
 * Key handling of a comment field: Enter (without Shift, outside an IME composition) runs `save`,
 * Escape runs `cancel`; Shift+Enter types a new line.
 */
function fieldKeys(save: () => void, cancel: () => void) {
  return (event: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
}

/** The comment list and add form of the question `player` shows. */
export function CommentList({ player }: { player: CommentPlayer }) {
  const { answerId, questionId, canAdd } = player;
  const comments = usePlayerComments(player);
  const create = useCreateComment(answerId);
  const update = useUpdateComment(answerId);
  const remove = useDeleteComment(answerId);
  const [adding, setAdding] = useState<{
    questionId: number;
    atMs: number;
    resume: boolean;
  } | null>(null);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);

  const open = () => {
    if (!canAdd) return;
    const resume = player.playing;
    player.pause();
    setAdding({ questionId, atMs: Math.round(player.currentTime() * 1000), resume });
    setDraft('');
  };
  const close = (resume: boolean) => {
    setAdding(null);
    setDraft('');
    if (resume) player.play();
  };
  const save = () => {
    if (!adding || create.isPending) return;
    const value = draft.trim();
    if (value === '') return;
    create.mutate(
      { questionId: adding.questionId, atMs: adding.atMs, text: value },
      { onSuccess: () => close(adding.resume) },
    );
  };
  const saveEdit = () => {
    if (!editing || update.isPending) return;
    const value = editing.text.trim();
    if (value === '') return;
    update.mutate({ id: editing.id, text: value }, { onSuccess: () => setEditing(null) });
  };

  // Wherever the focus is but in a text field (lib/screen-hotkeys): on the stars or a button too.
  useScreenHotkeys([[hotkeys.comment, open]]);

  const list = questionComments(comments.data?.list, questionId);
  const addingHere = adding?.questionId === questionId ? adding : null;

  return (
    <Stack gap="xs" data-testid="comment-list">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" component="h3" m={0}>
          {text.heading(player.questionLabel)}
        </Text>
        {canAdd && !addingHere && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMessagePlus size={14} />}
            rightSection={
              <Kbd size="xs" visibleFrom="sm" aria-hidden>
                c
              </Kbd>
            }
            onClick={open}
            aria-keyshortcuts="c"
          >
            {text.add}
          </Button>
        )}
      </Group>

      {addingHere && (
        <Stack gap={4}>
          <Textarea
            label={text.addLabel(commentClock(addingHere.atMs))}
            placeholder={text.addPlaceholder}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={fieldKeys(save, () => close(addingHere.resume))}
            autosize
            minRows={2}
            maxRows={6}
            autoFocus
            disabled={create.isPending}
            description={text.formHint}
          />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="subtle" onClick={() => close(addingHere.resume)}>
              {text.cancel}
            </Button>
            <Button size="xs" onClick={save} loading={create.isPending} disabled={!draft.trim()}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      )}

      {comments.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {text.loadFailed}
        </Text>
      ) : list.length === 0 && !addingHere ? (
        <Text size="sm" c="dimmed">
          {canAdd ? text.emptyCanAdd : text.empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((comment) => (
            <CommentEntry
              key={comment.id}
              comment={comment}
              onSeek={() => player.seek(comment.atMs / 1000)}
              editing={editing?.id === comment.id ? editing.text : null}
              onEdit={() => setEditing({ id: comment.id, text: comment.text })}
              onEditText={(value) => setEditing({ id: comment.id, text: value })}
              onEditKeys={fieldKeys(saveEdit, () => setEditing(null))}
              onEditSave={saveEdit}
              onEditCancel={() => setEditing(null)}
              saving={update.isPending && update.variables?.id === comment.id}
              onDelete={() => remove.mutate(comment.id)}
              deleting={remove.isPending && remove.variables === comment.id}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface CommentEntryProps {
  comment: ReviewComment;
  onSeek(): void;
  /** The text being edited, or null. */
  editing: string | null;
  onEdit(): void;
  onEditText(value: string): void;
  onEditKeys(event: ReactKeyboardEvent<HTMLTextAreaElement>): void;
  onEditSave(): void;
  onEditCancel(): void;
  saving: boolean;
  onDelete(): void;
  deleting: boolean;
}

/** One comment: its time (seeks), text, author and Draft badge; the author's draft's actions. */
function CommentEntry(props: CommentEntryProps) {
  const { comment, editing } = props;
  const time = commentClock(comment.atMs);
  const editable = comment.mine && comment.draft;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <UnstyledButton
        onClick={props.onSeek}
        aria-label={text.seekTo(time)}
        ff="monospace"
        fz="sm"
        fw={600}
        c="blue.8"
        style={{ flexShrink: 0, textDecoration: 'underline' }}
      >
        {time}
      </UnstyledButton>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {editing !== null ? (
          <Stack gap={4}>
            <Textarea
              aria-label={text.editLabel}
              value={editing}
              onChange={(e) => props.onEditText(e.currentTarget.value)}
              onKeyDown={props.onEditKeys}
              autosize
              minRows={1}
              maxRows={6}
              autoFocus
              disabled={props.saving}
              description={text.formHint}
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="subtle" onClick={props.onEditCancel}>
                {text.cancel}
              </Button>
              <Button
                size="xs"
                onClick={props.onEditSave}
                loading={props.saving}
                disabled={!editing.trim()}
              >
                {text.save}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        )}
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {comment.authorName}
          </Text>
          {comment.draft && (
            <Badge size="xs" variant="light" color="orange">
              {text.draft}
            </Badge>
          )}
        </Group>
      </Stack>
      {editable && editing === null && (
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label={text.edit}>
            <ActionIcon variant="subtle" size="sm" onClick={props.onEdit} aria-label={text.edit}>
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={text.delete}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              onClick={props.onDelete}
              loading={props.deleting}
              aria-label={text.delete}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}
