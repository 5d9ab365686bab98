import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@shared/test/render';
import { DeviceCheck } from './device-check';
import { deviceProblemOf } from './device-problem';
import type { CameraState } from './use-camera';

function fakeStream(video: boolean, audio: boolean): MediaStream {
  const track = (kind: string) => ({ kind, readyState: 'live', stop: vi.fn() });
  const videoTracks = video ? [track('video')] : [];
  const audioTracks = audio ? [track('audio')] : [];
  return {
    getVideoTracks: () => videoTracks,
    getAudioTracks: () => audioTracks,
    getTracks: () => [...videoTracks, ...audioTracks],
  } as unknown as MediaStream;
}

function renderCheck(state: CameraState) {
  const request = vi.fn(() => Promise.resolve());
  const onStart = vi.fn();
  renderWithProviders(
    <DeviceCheck camera={{ ...state, request }} startLabel="Start practice" onStart={onStart} />,
  );
  return { request, onStart };
}

describe('DeviceCheck', () => {
  it('asks for the devices when shown', () => {
    const { request } = renderCheck({ status: 'idle', stream: null, problem: null });
    expect(request).toHaveBeenCalledOnce();
  });

  it('starts once camera and microphone work, with the level as a labelled progress bar', async () => {
    const { onStart } = renderCheck({
      status: 'ready',
      stream: fakeStream(true, true),
      problem: null,
    });
    expect(screen.getByRole('progressbar', { name: 'Microphone level' })).toBeInTheDocument();
    expect(screen.getByText('Camera works')).toBeInTheDocument();
    expect(screen.getByText('Microphone works')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue anyway' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start practice' }));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('does not start without a microphone unless the trainee continues anyway', async () => {
    const { onStart } = renderCheck({
      status: 'ready',
      stream: fakeStream(true, false),
      problem: null,
    });
    expect(screen.getByRole('button', { name: 'Start practice' })).toBeDisabled();
    expect(screen.getByText('No microphone sound')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue anyway' }));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('explains a denied permission and offers Try again', async () => {
    const problem = deviceProblemOf(
      new DOMException('denied', 'NotAllowedError'),
      'Mozilla/5.0 Firefox/133.0',
    );
    const { request } = renderCheck({ status: 'failed', stream: null, problem });
    expect(screen.getByRole('alert')).toHaveTextContent('Camera or microphone blocked');
    expect(screen.getByRole('alert')).toHaveTextContent('In Firefox');
    expect(screen.getByRole('button', { name: 'Start practice' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(request).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Continue anyway' })).toBeEnabled();
  });
});
