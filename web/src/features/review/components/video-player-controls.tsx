/**
 * The review player's control row (001 §2 'Review screen'): previous question, play/pause, next
 * question, elapsed / total time (m:ss), the playback speed (decisions.md#review-loop §2, keys
 * `<` `>`), mute and rotate by 90°.
 */
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconRotateClockwise,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';
import { clock } from '../player-time';
import { ShortcutKeys } from './shortcuts-dialog';

export interface PlayerControlsProps {
  /** The question shown (0-based) and how many there are. */
  index: number;
  count: number;
  /** Whether a video is there to play. */
  hasVideo: boolean;
  playing: boolean;
  /** The playhead and the duration, in seconds. */
  time: number;
  duration: number;
  /** The playback speed, a factor. */
  rate: number;
  muted: boolean;
  go: (next: number) => void;
  toggle: () => void;
  onToggleMute: () => void;
  onRotate: () => void;
}

/** The buttons and read-outs under the seek slider. */
export function PlayerControls({
  index,
  count,
  hasVideo,
  playing,
  time,
  duration,
  rate,
  muted,
  go,
  toggle,
  onToggleMute,
  onRotate,
}: PlayerControlsProps) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap={4} wrap="nowrap">
        <Tooltip label={reviewText.previousQuestion}>
          <ActionIcon
            variant="subtle"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={reviewText.previousQuestion}
          >
            <IconPlayerSkipBackFilled size={18} />
          </ActionIcon>
        </Tooltip>
        <ActionIcon
          variant="filled"
          size="lg"
          radius="xl"
          onClick={toggle}
          disabled={!hasVideo}
          aria-label={playing ? reviewText.pause : reviewText.play}
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
        <Tooltip label={reviewText.nextQuestion}>
          <ActionIcon
            variant="subtle"
            onClick={() => go(index + 1)}
            disabled={index >= count - 1}
            aria-label={reviewText.nextQuestion}
          >
            <IconPlayerSkipForwardFilled size={18} />
          </ActionIcon>
        </Tooltip>
        <Text
          size="sm"
          ff="monospace"
          ml="xs"
          data-testid="player-time"
          style={{ whiteSpace: 'nowrap' }}
        >
          {clock(time)} / {clock(duration)}
        </Text>
        <Tooltip label={<ShortcutKeys keys={['<', '>']} />}>
          <Text
            size="sm"
            ff="monospace"
            ml="xs"
            c="dimmed"
            aria-label={`${reviewKeysText.speed} ${reviewKeysText.speedValue(rate)}`}
            data-testid="playback-rate"
          >
            {reviewKeysText.speedValue(rate)}
          </Text>
        </Tooltip>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={muted ? reviewText.unmute : reviewText.mute}>
          <ActionIcon
            variant="subtle"
            onClick={onToggleMute}
            aria-label={muted ? reviewText.unmute : reviewText.mute}
            aria-pressed={muted}
          >
            {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={reviewText.rotate}>
          <ActionIcon variant="subtle" onClick={onRotate} aria-label={reviewText.rotate}>
            <IconRotateClockwise size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
