/**
 * The device check before a practice: the camera preview, the live microphone
 * level, and a browser-specific explanation when the camera or microphone is blocked, missing or
 * busy, or the page is not secure. The start button is enabled once both devices work; on a
 * problem the trainee may 'Try again' or 'Continue anyway'.
 */
import { Alert, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { LiveVideo } from './live-video';
import { practiceText } from './practice-text';
import { useAudioLevel } from './use-audio-level';
import type { CameraState } from './use-camera';

export interface DeviceCheckProps {
  camera: CameraState & { request: () => Promise<void> };
  /** The start button's label ('Start practice' or 'Continue practice'). */
  startLabel: string;
  onStart: () => void;
  starting?: boolean;
}

function liveTrack(tracks: MediaStreamTrack[] | undefined): boolean {
  return (tracks ?? []).some((track) => track.readyState === 'live');
}

function Check({ ok, label, missing }: { ok: boolean; label: string; missing: string }) {
  return (
    <List.Item
      icon={
        ok ? (
          <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
        ) : (
          <IconX size={18} color="var(--mantine-color-red-7)" aria-hidden />
        )
      }
    >
      {ok ? label : missing}
    </List.Item>
  );
}

/** The device check; asks for the devices when shown. */
export function DeviceCheck({ camera, startLabel, onStart, starting = false }: DeviceCheckProps) {
  const { status, stream, problem, request } = camera;
  const level = useAudioLevel(stream);
  const cameraOk = liveTrack(stream?.getVideoTracks());
  const microphoneOk = liveTrack(stream?.getAudioTracks());

  useEffect(() => {
    if (status === 'idle') void request();
  }, [status, request]);

  return (
    <Stack gap="md">
      <Title order={2}>{practiceText.deviceCheckTitle}</Title>
      <Text>{practiceText.deviceCheckIntro}</Text>
      {status === 'asking' && <Text role="status">{practiceText.waitingForDevices}</Text>}
      {problem && (
        <Alert color="red" title={problem.title} role="alert">
          {problem.text}
        </Alert>
      )}
      {stream && (
        <>
          <LiveVideo stream={stream} label={practiceText.cameraPreview} />
          <div>
            <Text size="sm" id="microphone-level-label">
              {practiceText.microphoneLevel}
            </Text>
            <Progress
              value={level}
              aria-label={practiceText.microphoneLevel}
              size="lg"
              color="teal"
            />
          </div>
          <List spacing={4} size="sm" center>
            <Check
              ok={cameraOk}
              label={practiceText.cameraWorks}
              missing={practiceText.cameraMissing}
            />
            <Check
              ok={microphoneOk}
              label={practiceText.microphoneWorks}
              missing={practiceText.microphoneMissing}
            />
          </List>
        </>
      )}
      <Group>
        <Button onClick={onStart} disabled={!(cameraOk && microphoneOk)} loading={starting}>
          {startLabel}
        </Button>
        {problem?.canRetry && (
          <Button variant="default" onClick={() => void request()}>
            {practiceText.tryAgain}
          </Button>
        )}
        {status !== 'asking' && !(cameraOk && microphoneOk) && status !== 'idle' && (
          <Button variant="subtle" onClick={onStart} loading={starting}>
            {practiceText.continueAnyway}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
