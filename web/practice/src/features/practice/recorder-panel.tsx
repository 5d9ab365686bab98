/**
 * The recorder of one question: the live camera, 'Record' with a visible
 * running time, 'Stop' (or the 3-minute limit), watching the take, 'Retake'; a screen-reader live
 * region announces each state. Its state is `recorderReducer`, fed by the buttons, a clock and
 * the question's upload; a finished take goes to `onTake` with its measured duration. A take
 * the recorder ended early (near the server's size limit, or the browser ended the camera) is
 * kept with a notice; a recording of 0 bytes is no take: a clear message and 'Record' again. A
 * kept take not uploaded after `oldTakeAgeMs` says it should be uploaded before the browser may
 * delete it (and how installing the app keeps it, unless storage is persistent already). A take
 * whose upload waits for the connection is no failure: a calm note beside it says it is safe and
 * uploads by itself. The buttons sit right under the picture and every notice below them: a notice
 * that comes or goes by itself (an upload waiting for a moment, failing, done) never moves a button
 * between the press and the release of a tap, which would lose the tap.
 */
import { Alert, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { formatClock, formatLimit } from './format';
import { LiveVideo } from './live-video';
import { useStoragePersisted } from '../../lib/persistent-storage';
import {
  EmptyRecordingError,
  startRecording,
  type EarlyStopReason,
  type Recording,
} from './media-recording';
import { practiceText } from './practice-text';
import {
  answerTimeLimitMs,
  answerTimeLimitSeconds,
  canSend,
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
} from './recorder-machine';
import { oldTakeDays } from './takes-store';
import type { QuestionUpload } from './upload-queue';

export interface RecorderPanelProps {
  stream: MediaStream | null;
  /** The take recorded on this device, if any. */
  takeBlob: Blob | null;
  takeDurationSeconds: number | null;
  /** When the kept take was recorded, epoch ms (null without one). */
  takeRecordedAt?: number | null;
  /** The question's upload as the queue sees it. */
  upload: QuestionUpload;
  /** Keeps a finished take; may throw (e.g. storage full), shown as the failure. */
  onTake: (blob: Blob, mimeType: string, durationSeconds: number) => Promise<void>;
  /** Asks for the camera again (no stream yet). */
  onRequestCamera: () => void;
  /** Called when recording starts (e.g. to pause the question's audio). */
  onRecordingStart?: () => void;
  /**
   * Told whether a take is on its way: true from Record until the take is kept (or given up),
   * so answers are not submitted with the take a retake is replacing.
   */
  onBusyChange?: (busy: boolean) => void;
  /** Shown next to 'Retake' once a take exists ('Next question'). */
  next?: ReactNode;
}

const limit = formatLimit(answerTimeLimitSeconds);

function initialState(props: RecorderPanelProps): RecorderState {
  const { upload, takeDurationSeconds, takeBlob, stream } = props;
  const elapsedMs = Math.round((takeDurationSeconds ?? 0) * 1000);
  if (upload.status === 'done')
    return recorderReducer(initialRecorderState, {
      type: 'restore',
      status: 'uploaded',
      elapsedMs,
    });
  if (takeBlob && upload.status === 'failed' && !upload.waiting) {
    return recorderReducer(initialRecorderState, {
      type: 'restore',
      status: 'failed',
      elapsedMs,
      error: upload.error,
    });
  }
  if (takeBlob)
    return recorderReducer(initialRecorderState, {
      type: 'restore',
      status: 'uploading',
      elapsedMs,
    });
  return stream ? recorderReducer(initialRecorderState, { type: 'preview' }) : initialRecorderState;
}

function announcement(state: RecorderState): string {
  switch (state.status) {
    case 'previewing':
      return practiceText.announce.previewing;
    case 'recording':
      return practiceText.announce.recording;
    case 'recorded':
      return state.autoStopped
        ? practiceText.announce.autoStopped(limit)
        : practiceText.announce.recorded;
    case 'uploading':
      return practiceText.announce.uploading;
    case 'uploaded':
      return practiceText.announce.uploaded;
    case 'failed':
      return state.error ?? '';
    default:
      return '';
  }
}

const earlyStopNotice: Record<EarlyStopReason, string> = {
  'size-limit': practiceText.sizeLimitNotice,
  interrupted: practiceText.interruptedNotice,
};

/** A notice of the recorder itself, beside the reducer's state (cleared by the next 'Record'). */
interface Notice {
  color: 'yellow' | 'red';
  text: string;
}

/** The recorder of the current question. */
export function RecorderPanel(props: RecorderPanelProps) {
  const {
    stream,
    takeBlob,
    upload,
    onTake,
    onRequestCamera,
    onRecordingStart,
    onBusyChange,
    next,
  } = props;
  const [state, dispatch] = useReducer(recorderReducer, props, initialState);
  const [notice, setNotice] = useState<Notice | null>(null);
  const persisted = useStoragePersisted();
  const stateRef = useRef(state);
  stateRef.current = state;
  const recordingRef = useRef<Recording | null>(null);
  const [recordedBlob, setRecordedBlob] = useState<Blob | null>(null);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const send = (event: RecorderEvent) => dispatch(event);
  // A stopped take being kept (the recorder's last data, then the device's store).
  const [keeping, setKeeping] = useState(false);
  const busy = state.status === 'recording' || keeping;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  // The camera arrived (or came back): show the preview.
  useEffect(() => {
    if (stream) dispatch({ type: 'preview' });
  }, [stream]);

  // The clock while recording; the reducer stops the take at the limit.
  useEffect(() => {
    if (state.status !== 'recording') return;
    const timer = window.setInterval(() => dispatch({ type: 'tick', at: performance.now() }), 250);
    return () => window.clearInterval(timer);
  }, [state.status]);

  // Leaving 'recording' (Stop, the limit or a failure) ends the MediaRecorder; a take is kept.
  useEffect(() => {
    const recording = recordingRef.current;
    if (state.status === 'recording' || !recording) return;
    recordingRef.current = null;
    if (state.status !== 'recorded') {
      void recording.stop().catch(() => undefined);
      return;
    }
    const seconds = state.elapsedMs / 1000;
    setKeeping(true);
    void recording
      .stop()
      .then(async (blob) => {
        setRecordedBlob(blob);
        await onTake(blob, blob.type || recording.mimeType, seconds);
      })
      .catch((error: unknown) => {
        if (error instanceof EmptyRecordingError) {
          // Nothing to keep or watch: back to the camera, with why.
          setNotice({ color: 'red', text: error.message });
          dispatch({ type: 'retake' });
          return;
        }
        dispatch({
          type: 'fail',
          message:
            error instanceof Error && error.message ? error.message : practiceText.recorderFailed,
        });
      })
      .finally(() => setKeeping(false));
  }, [state.status, state.elapsedMs, onTake]);

  // Stop recording when the question goes away.
  useEffect(
    () => () => {
      void recordingRef.current?.stop().catch(() => undefined);
      recordingRef.current = null;
    },
    [],
  );

  // The question's upload, once this take is kept.
  useEffect(() => {
    if (!stateRef.current.hasTake) return;
    if (upload.status === 'queued' || upload.status === 'uploading' || upload.waiting) {
      dispatch({
        type: 'upload-progress',
        bytesSent: upload.bytesSent,
        bytesTotal: upload.bytesTotal,
      });
    } else if (upload.status === 'done') {
      dispatch({ type: 'upload-done' });
    } else if (upload.status === 'failed' && upload.error) {
      dispatch({ type: 'fail', message: upload.error });
    }
  }, [upload.status, upload.bytesSent, upload.bytesTotal, upload.error, upload.waiting]);

  // The take to watch: the one just recorded, else the one kept on the device.
  const watched = state.hasTake ? (recordedBlob ?? takeBlob) : null;
  useEffect(() => {
    if (!watched) {
      setPlaybackUrl(null);
      return;
    }
    const url = URL.createObjectURL(watched);
    setPlaybackUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [watched]);
  const serverUrl = state.status === 'uploaded' ? upload.url : null;
  const videoUrl = playbackUrl ?? serverUrl;

  // Focus follows the controls that replace each other.
  useEffect(() => {
    if (state.status === 'recording') stopRef.current?.focus();
    if (state.status === 'recorded') afterRef.current?.querySelector('button')?.focus();
  }, [state.status]);

  const record = () => {
    if (!stream) return;
    setNotice(null);
    try {
      recordingRef.current = startRecording(stream, {
        onFailure: () => dispatch({ type: 'fail', message: practiceText.recorderFailed }),
        onEarlyStop: (reason) => {
          setNotice({ color: 'yellow', text: earlyStopNotice[reason] });
          dispatch({ type: 'stop', at: performance.now() });
        },
      });
      onRecordingStart?.();
      send({ type: 'record', at: performance.now() });
    } catch {
      // The browser's own words ('Failed to execute start…') help nobody.
      send({ type: 'fail', message: practiceText.recorderStartFailed });
    }
  };

  // A kept take (not one just recorded) still waiting for the server days later.
  const oldDays =
    state.hasTake && !recordedBlob && state.status !== 'uploaded' && props.takeRecordedAt
      ? oldTakeDays(props.takeRecordedAt)
      : null;

  const live =
    state.status === 'idle' || state.status === 'previewing' || state.status === 'recording';

  return (
    <Stack gap="sm">
      {live || !videoUrl ? (
        <LiveVideo stream={stream} label={practiceText.cameraPreview} />
      ) : (
        <video
          key={videoUrl}
          src={videoUrl}
          controls
          playsInline
          aria-label={practiceText.yourTake}
          style={{
            width: '100%',
            aspectRatio: '16 / 9',
            background: 'black',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        />
      )}

      <VisuallyHidden role="status" aria-live="polite">
        {announcement(state)}
      </VisuallyHidden>

      {state.status === 'recording' && (
        <Group gap="xs" aria-hidden>
          <Badge color="red" variant="filled">
            REC
          </Badge>
          <Text fw={600} ff="monospace">
            {formatClock(state.elapsedMs)} / {formatClock(answerTimeLimitMs)}
          </Text>
        </Group>
      )}
      {state.status === 'previewing' && (
        <Text size="sm" c="dimmed">
          {practiceText.timeLimitNote(limit)}
        </Text>
      )}
      {/* The buttons before every notice: see the module note. */}
      <Group ref={afterRef} gap="sm">
        {canSend(state, 'record') && (
          <Button color="red" onClick={record} disabled={!stream}>
            {practiceText.record}
          </Button>
        )}
        {!stream && state.status !== 'recording' && (
          <Button variant="default" onClick={onRequestCamera}>
            {practiceText.tryAgain}
          </Button>
        )}
        {state.status === 'recording' && (
          <Button
            ref={stopRef}
            color="dark"
            onClick={() => send({ type: 'stop', at: performance.now() })}
          >
            {practiceText.stop}
          </Button>
        )}
        {state.hasTake && next}
        {canSend(state, 'retake') && (
          <Button variant="default" onClick={() => send({ type: 'retake' })} disabled={!stream}>
            {practiceText.retake}
          </Button>
        )}
      </Group>
      {state.autoStopped && state.hasTake && (
        <Alert color="yellow" role="alert">
          {practiceText.autoStoppedNotice(limit)}
        </Alert>
      )}
      {notice && (
        <Alert color={notice.color} role="alert">
          {notice.text}
        </Alert>
      )}
      {oldDays !== null && (
        <Alert color="orange" role="alert">
          <Text size="sm">{practiceText.oldTake(oldDays)}</Text>
          {persisted !== true && <Text size="sm">{practiceText.oldTakeMayBeDeleted}</Text>}
        </Alert>
      )}
      {state.hasTake && state.status === 'uploading' && upload.waiting && (
        <Alert color="blue" role="status" icon={<IconWifiOff size={18} aria-hidden />}>
          {practiceText.takeWaiting}
        </Alert>
      )}
      {state.status === 'failed' && state.error && (
        <Alert color="red" role="alert">
          {state.error}
        </Alert>
      )}
    </Stack>
  );
}
