/**
 * What went wrong with the camera or microphone, in words the trainee can act on: by
 * the `getUserMedia` error's name (NotAllowedError, NotFoundError, NotReadableError), a
 * page that is not a secure context, or a browser without MediaRecorder; the permission
 * explanation names the steps of Chrome, Safari or Firefox from the user agent.
 */
import { practiceText } from './practice-text';

/** A camera or microphone problem: a title, what to do, and whether 'Try again' can help. */
export interface DeviceProblem {
  kind: 'permission' | 'no-device' | 'busy' | 'insecure' | 'unsupported' | 'other';
  title: string;
  text: string;
  canRetry: boolean;
}

/** The browser family whose settings the permission text explains. */
export function browserOf(userAgent: string): keyof typeof practiceText.permissionDenied {
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Edg\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

/** The problem the environment has before asking for devices (null when none). */
export function environmentProblem(env: {
  secure: boolean;
  hasMediaDevices: boolean;
  hasMediaRecorder: boolean;
}): DeviceProblem | null {
  if (!env.secure) {
    return {
      kind: 'insecure',
      title: practiceText.insecureTitle,
      text: practiceText.insecure,
      canRetry: false,
    };
  }
  if (!env.hasMediaDevices || !env.hasMediaRecorder) {
    return {
      kind: 'unsupported',
      title: practiceText.unsupportedTitle,
      text: practiceText.unsupported,
      canRetry: false,
    };
  }
  return null;
}

/** The problem a failed `getUserMedia` call stands for. */
export function deviceProblemOf(error: unknown, userAgent: string): DeviceProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        kind: 'permission',
        title: practiceText.permissionDeniedTitle,
        text: practiceText.permissionDenied[browserOf(userAgent)],
        canRetry: true,
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return {
        kind: 'no-device',
        title: practiceText.noDeviceTitle,
        text: practiceText.noDevice,
        canRetry: true,
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        kind: 'busy',
        title: practiceText.deviceBusyTitle,
        text: practiceText.deviceBusy,
        canRetry: true,
      };
    default:
      return {
        kind: 'other',
        title: practiceText.deviceErrorTitle,
        text: error instanceof Error && error.message ? error.message : practiceText.deviceBusy,
        canRetry: true,
      };
  }
}
