/**
 * The review player's frame (001 §2 'Review screen', §9): at most 500px high and 675px wide, the
 * question's video turned by `rotation` degrees (on its side it fills the frame's height), else
 * 'The video was deleted after N days' (decisions.md#media §2) or 'No video'.
 */
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { videoMaxHeightPx, videoMaxWidthPx, type AnswerItemMedia } from '@practica/contract';
import { reviewText } from '../../../config/review-text';
import { filePath } from '@shared/lib/media-playback';
import type { VideoPlayback } from '../hooks/use-video-playback';

export interface VideoFrameProps {
  /** The URL to play; null shows why there is no video. */
  url: string | null;
  poster: string | null;
  /** The question's short label ('Q2'), for the video's accessible name. */
  label: string;
  media: AnswerItemMedia | undefined;
  /** Degrees, a multiple of 90. */
  rotation: number;
  muted: boolean;
  /** Called on a media error: takes a newly signed URL. */
  onError: () => void;
  playback: Pick<VideoPlayback, 'videoRef' | 'videoEvents'>;
}

/** The video (or the note in its place) inside the player's fixed frame. */
export function VideoFrame({
  url,
  poster,
  label,
  media,
  rotation,
  muted,
  onError,
  playback,
}: VideoFrameProps) {
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const sideways = rotation % 180 !== 0;
  return (
    <Box
      ref={frameRef}
      pos="relative"
      bg="dark.8"
      style={{
        width: '100%',
        maxWidth: videoMaxWidthPx,
        height: videoMaxHeightPx,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {url ? (
        <video
          key={filePath(url)}
          ref={playback.videoRef}
          src={url}
          poster={poster ?? undefined}
          onError={onError}
          muted={muted}
          playsInline
          preload="auto"
          aria-label={reviewText.videoLabel(label)}
          data-testid="review-video"
          {...playback.videoEvents}
          style={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            width: sideways ? videoMaxHeightPx : '100%',
            height: sideways ? frameWidth || videoMaxWidthPx : '100%',
            maxWidth: sideways ? videoMaxHeightPx : videoMaxWidthPx,
            maxHeight: videoMaxHeightPx,
            objectFit: 'contain',
            transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
            transition: 'transform 150ms ease',
          }}
        />
      ) : (
        <Text c="gray.4" ta="center" pt={videoMaxHeightPx / 2 - 12} px="md">
          {media?.status === 'deleted'
            ? reviewText.videoDeleted(media.deletedAfterDays)
            : reviewText.noVideo}
        </Text>
      )}
    </Box>
  );
}
