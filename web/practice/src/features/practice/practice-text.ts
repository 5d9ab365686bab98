/**
 * Texts of the practice screen, which the spec does not word (the product names the buttons
 * 'Start practice', 'Play again', 'Record', 'Stop', 'Retake', 'Next question', 'Submit
 * answers'); candidates for the contract's catalogue. Server messages are shown as given.
 */
import { format } from '@practica/contract';

export const practiceText = {
  startPractice: 'Start practice',
  continuePractice: 'Continue practice',
  continueAnyway: 'Continue anyway',
  tryAgain: 'Try again',
  playAgain: 'Play again',
  playPrompt: 'Play the question',
  record: 'Record',
  stop: 'Stop',
  retake: 'Retake',
  nextQuestion: 'Next question',
  previousQuestion: 'Previous question',
  submitAnswers: 'Submit answers',
  submitTitle: 'Submit your answers?',
  submitMessage:
    'Your recorded answers will be sent for review. You cannot record them again after submitting.',
  backHome: 'Back to my assignments',
  signInAgain: 'Sign in again',
  retryUploads: 'Retry uploads',
  doneTitle: 'Answers submitted',
  doneMessage: 'Your answers were sent for review. You will get an email when they are reviewed.',
  notAnswerable: 'This assignment cannot be answered any more.',

  deviceCheckTitle: 'Check your camera and microphone',
  deviceCheckIntro:
    'Make sure you can see yourself and that the microphone level moves when you speak.',
  cameraPreview: 'Camera preview',
  microphoneLevel: 'Microphone level',
  cameraWorks: 'Camera works',
  microphoneWorks: 'Microphone works',
  cameraMissing: 'No camera picture',
  microphoneMissing: 'No microphone sound',
  waitingForDevices: 'Asking for your camera and microphone…',

  permissionDeniedTitle: 'Camera or microphone blocked',
  permissionDenied: {
    chrome:
      'In Chrome, select the camera icon at the right of the address bar (or the site settings icon at its left), allow Camera and Microphone, then select Try again.',
    safari:
      'In Safari, open Safari › Settings for This Website (on iPhone: the aA button › Website Settings), set Camera and Microphone to Allow, then select Try again.',
    firefox:
      'In Firefox, select the crossed-out camera icon at the left of the address bar, remove the block for Camera and Microphone, then select Try again.',
    other:
      'Open your browser’s site settings for this page, allow Camera and Microphone, then select Try again.',
  },
  noDeviceTitle: 'No camera or microphone found',
  noDevice:
    'Connect a camera and a microphone (or use a phone or laptop that has them), then select Try again.',
  deviceBusyTitle: 'Camera or microphone busy',
  deviceBusy:
    'Another app or browser tab is using your camera or microphone. Close it (video calls, other recording apps), then select Try again.',
  insecureTitle: 'Camera needs a secure connection',
  insecure:
    'Browsers allow the camera and microphone only over HTTPS or on localhost. Open Practica at its https:// address.',
  unsupportedTitle: 'Recording is not supported',
  unsupported: 'This browser cannot record video. Use a recent Chrome, Safari, Firefox or Edge.',
  deviceErrorTitle: 'Camera or microphone unavailable',

  questionOf: (n: number, total: number) => `Question ${n} of ${total}`,
  progressLabel: 'Questions answered',
  recordingNow: (time: string) => `Recording ${time}`,
  timeLimitNote: (limit: string) => `Each answer can be up to ${limit} long.`,
  announce: {
    previewing: 'Camera ready. Select Record to answer.',
    recording: 'Recording started.',
    recorded: 'Recording stopped. You can watch your answer.',
    autoStopped: (limit: string) => `Recording stopped: the time limit of ${limit} was reached.`,
    uploading: 'Your answer is uploading.',
    uploaded: 'Your answer is on the server.',
  },
  autoStoppedNotice: (limit: string) =>
    `Recording stopped by itself: an answer can be up to ${limit} long.`,
  yourTake: 'Your answer',
  promptAudio: 'Question audio',

  uploadsTitle: 'Uploads',
  uploadQueued: 'waiting to upload',
  uploadProgress: (sent: string, total: string) => `uploading: ${sent} of ${total}`,
  uploadDone: 'on the server',
  uploadFailed: 'upload failed',
  uploadWaiting: 'waiting for the connection: kept on this device, uploads by itself',
  notRecorded: 'not recorded yet',
  stillUploading: (n: number) =>
    n === 1 ? '1 answer is still uploading.' : `${n} answers are still uploading.`,
  allUploaded: 'Every answer is on the server.',
  submitBlocked: 'Submit answers becomes available once every answer is on the server.',

  yourAnswers: 'Your answers',
  answerVideoLabel: (label: string) => `Your answer to ${label}`,
  /** My answer's video as the server holds it (decisions.md#media §2); uploading is the queue's own state. */
  media: {
    notRecorded: 'Not recorded.',
    processing: 'Processing for playback on every device…',
    ready: 'Ready to play on every device.',
    failed:
      'This video could not be prepared for every device. It plays where your browser can; your instructor can try again.',
    deleted: format.videoDeletedAfter,
  },

  offline:
    'You are offline. Your answers are kept on this device and upload when you are back online.',
  waitingForServer:
    'The server cannot be reached right now. Your answers are kept on this device and upload by themselves as soon as it answers.',
  takeWaiting:
    'No connection right now. This answer is safe on this device and uploads by itself when the connection is back.',
  sessionExpiredNote: 'Your answers are kept on this device; they upload after you sign in.',
  storageFull:
    'Your device storage is full, so this answer could not be kept. Free some space, then record it again.',
  storageUnavailable: 'This browser cannot keep answers on the device (private browsing?).',
  recorderFailed: 'The recording stopped unexpectedly. Record this answer again.',
  recorderStartFailed: 'Recording could not start. Select Record to try again.',
  recordingEmpty:
    'Nothing was recorded: your browser gave no video. Select Record to try again. If it happens again, use a recent Chrome, Safari, Firefox or Edge.',
  emptyTake: 'This answer holds no video. Select Retake to record it again.',
  sizeLimitNotice:
    'Recording stopped early: the video reached the largest size that can be uploaded. Watch it, and record a shorter answer if it is cut short (a brighter room also makes the video smaller).',
  interruptedNotice:
    'Recording stopped early: your browser ended the camera or microphone (another app may be using it). Watch your answer and record it again if it is cut short.',
  cameraStoppedTitle: 'Camera or microphone stopped',
  cameraStopped:
    'Your camera or microphone stopped working (another app may be using it, or it was unplugged). Close other apps that use it, then select Try again.',
  oldTake: (days: number) =>
    `You recorded this answer ${days} days ago and it is still only on this device. Upload it soon: stay online with this page open until it shows as on the server.`,
  oldTakeMayBeDeleted:
    'Browsers may delete what a website keeps on a device after 7 days without a visit. Installing this app (on iPhone or iPad: Share › Add to Home Screen) keeps your answers safer.',
} as const;
