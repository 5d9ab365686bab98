/**
 * The seek bar's comment markers (decisions.md#review-loop §3): one small button above the review player's seek bar
 * per comment of the question shown, at its time's place in the video; a draft is outlined.
 * Clicking one seeks there; each is named 'Comment at 0:42' and shows its text on hover. Nothing
 * while the video's duration is unknown.
 */
import { Box, Tooltip, UnstyledButton } from '@mantine/core';
import { reviewCommentsText as text } from '../../../config/review-comments-text';
import {
  commentClock,
  questionComments,
  usePlayerComments,
  type CommentPlayer,
} from './comment-list';

/** Width of a marker, px. */
const markerSize = 10;

/** The markers of the question `player` shows. */
export function CommentMarkers({ player }: { player: CommentPlayer }) {
  const comments = usePlayerComments(player);
  const list = questionComments(comments.data?.list, player.questionId);
  if (player.duration <= 0 || list.length === 0) return null;
  const durationMs = player.duration * 1000;
  return (
    <Box
      pos="relative"
      h={markerSize + 2}
      mx={markerSize / 2}
      role="group"
      aria-label={text.markers}
      data-testid="comment-markers"
    >
      {list.map((comment) => {
        const share = Math.min(Math.max(comment.atMs / durationMs, 0), 1);
        const time = commentClock(comment.atMs);
        return (
          <Tooltip key={comment.id} label={comment.text} multiline maw={280} withinPortal>
            <UnstyledButton
              aria-label={text.marker(time)}
              data-testid="comment-marker"
              onClick={() => player.seek(comment.atMs / 1000)}
              style={{
                position: 'absolute',
                top: 0,
                left: `calc(${share * 100}% - ${markerSize / 2}px)`,
                width: markerSize,
                height: markerSize,
                borderRadius: '50%',
                background: comment.draft
                  ? 'var(--mantine-color-body)'
                  : 'var(--mantine-color-yellow-5)',
                border: `2px solid var(--mantine-color-${comment.draft ? 'orange-7' : 'yellow-8'})`,
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
