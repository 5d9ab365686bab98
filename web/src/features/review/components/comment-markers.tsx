/**
 * The seek bar's comment markers (decisions.md#review-loop §3): the shared markers
 * (web/shared/components/comment-markers.tsx) above the review player's seek bar for the comments
 * of the question shown, a draft outlined, each showing its text on hover. Clicking one seeks
 * there. Nothing while the video's duration is unknown.
 */
import { Tooltip } from '@mantine/core';
import { CommentMarkers as Markers } from '@shared/components/comment-markers';
import { questionComments, usePlayerComments, type CommentPlayer } from './comment-list';

/** The markers of the question `player` shows. */
export function CommentMarkers({ player }: { player: CommentPlayer }) {
  const comments = usePlayerComments(player);
  const list = questionComments(comments.data?.list, player.questionId);
  return (
    <Markers
      comments={list}
      durationMs={player.duration * 1000}
      onSeek={(atMs) => player.seek(atMs / 1000)}
      look="seek-bar"
      wrapMarker={(marker, comment) => (
        <Tooltip label={comment.text} multiline maw={280} withinPortal>
          {marker}
        </Tooltip>
      )}
    />
  );
}
