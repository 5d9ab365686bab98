/**
 * The review player's decisions.md#review-loop keys and playback settings (§2, §7): `<` `>` step the playback speed
 * through 0.75…2, shown beside the time and kept per reviewer across players (visits); typing in a
 * text field changes nothing; the next question's video is loaded meanwhile; with the autoplay
 * switch on (kept per reviewer), the next question's video plays when one ends, and without it the
 * player stays. jsdom has no media: play/pause/paused are stubbed, events fired by hand.
 */
import { Role, type AnswerItem, type AnswerQuestion } from '@practica/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewKeysText } from '../../../config/review-keys-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { playerSettingKeys } from '../review-shortcuts';
import { VideoPlayer } from './video-player';
import { stubPlayback } from '../../../test/fake-playback';

const question = (n: number): AnswerQuestion => ({
  id: 100 + n,
  number: n,
  text: `Question ${n} text`,
  description: '',
  interviewRoleId: null,
  roleName: null,
  avatar: null,
});
const item = (n: number): AnswerItem => ({
  id: 200 + n,
  questionId: 100 + n,
  text: null,
  duration: 30,
  fileId: 300 + n,
  file: { id: 300 + n, url: `/files/answer-q${n}.mp4` },
  media: { status: 'original', playback: null, poster: null, deletedAfterDays: null },
});
const questions = [question(1), question(2)];
const items = [item(1), item(2)];
const reviewer = makeUser(Role.Instructor, { id: 41 });

beforeEach(() => {
  signInAsUser(reviewer);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ success: true, message: 'OK', data: [] }))),
  );
  stubPlayback();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const video = () => screen.getByTestId('review-video') as HTMLVideoElement;
const speed = () => screen.getByTestId('playback-rate');
const renderPlayer = () =>
  renderWithProviders(
    <VideoPlayer answerId={7} organizationId={1} questions={questions} items={items} />,
  );

describe('VideoPlayer keys (decisions.md#review-loop)', () => {
  it('< and > step the speed, shown and kept for the next player of this reviewer', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPlayer();
    expect(speed()).toHaveTextContent(reviewKeysText.speedValue(1));
    await user.keyboard('>');
    await user.keyboard('>');
    expect(speed()).toHaveTextContent('1.5×');
    expect(video().playbackRate).toBe(1.5);
    await user.keyboard('>>>');
    expect(speed()).toHaveTextContent('2×');
    await user.keyboard('<');
    expect(speed()).toHaveTextContent('1.5×');
    expect(window.localStorage.getItem(playerSettingKeys.rate(41))).toBe('1.5');
    unmount();
    // Another answer's player (a new visit) starts at the reviewer's speed.
    renderPlayer();
    expect(speed()).toHaveTextContent('1.5×');
    fireEvent.loadedMetadata(video());
    expect(video().playbackRate).toBe(1.5);
    // The next question's video plays at it too.
    await user.keyboard('n');
    fireEvent.loadedMetadata(video());
    expect(video()).toHaveAttribute('src', '/files/answer-q2.mp4');
    expect(video().playbackRate).toBe(1.5);
  });

  it('a < typed in a text field is no shortcut', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <VideoPlayer answerId={7} organizationId={1} questions={questions} items={items} />
        <textarea aria-label="notes" />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'notes' }));
    await user.keyboard('<<n');
    expect(speed()).toHaveTextContent('1×');
    expect(video()).toHaveAttribute('src', '/files/answer-q1.mp4');
  });

  it('loads the next question meanwhile; autoplay (kept) plays it when one ends', async () => {
    const user = userEvent.setup();
    renderPlayer();
    expect(screen.getByTestId('preload-video')).toHaveAttribute('src', '/files/answer-q2.mp4');
    expect(screen.getByTestId('preload-video')).toHaveAttribute('preload', 'auto');

    // Without autoplay, the end of a video stays on its question.
    fireEvent.ended(video());
    expect(video()).toHaveAttribute('src', '/files/answer-q1.mp4');

    await user.click(screen.getByRole('switch', { name: reviewKeysText.autoplay }));
    expect(window.localStorage.getItem(playerSettingKeys.autoplay(41))).toBe('true');
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    act(() => {
      fireEvent.ended(video());
    });
    expect(video()).toHaveAttribute('src', '/files/answer-q2.mp4');
    fireEvent.loadedMetadata(video());
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    // The last question has no next one to load.
    expect(screen.queryByTestId('preload-video')).not.toBeInTheDocument();
  });
});
