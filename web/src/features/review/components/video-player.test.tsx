/**
 * The review video player (001 §2 'Review screen', §9): rotation in 90° steps, play/pause, the seek
 * slider, elapsed/total time, mute, previous/next question and the segmented progress bar Q1..Qn
 * (buttons and keys), the question text and role, and the 500 × 675 px maximum size; each item's
 * media state (decisions.md#media §2): Ready plays the MP4 with its poster, Processing the original with a
 * note, Failed offers 'Try again' to staff (the retry call, its pending state and the server's
 * refusal), Deleted says so instead of a player; the progress bar names those states. jsdom has no
 * media: play/pause/paused/duration are stubbed on HTMLMediaElement, events fired by hand.
 */
import {
  Role,
  format,
  messages,
  videoMaxHeightPx,
  videoMaxWidthPx,
  type AnswerItem,
  type AnswerItemMedia,
} from '@practica/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewText } from '../../../config/review-text';
import { makeUser, renderWithProviders, signInAsUser, signedOut } from '../../../test/render';
import { VideoPlayer } from './video-player';
import { stubPlayback } from '../../../test/fake-playback';
import { playerQuestion, recordedItem } from './review-screen-fixtures';

/** Item `n` with `media` (its original stays `file`). */
function withMedia(n: number, media: Partial<AnswerItemMedia>): AnswerItem {
  const base = recordedItem(n, 60);
  return { ...base, media: { ...base.media, ...media } };
}

/** The answer the player belongs to. */
const answer = { answerId: 7, organizationId: 1 };

const questions = [
  playerQuestion(1, 'Interviewer'),
  playerQuestion(2, 'Panelist'),
  playerQuestion(3),
];
// The third question has no recording; the items come in any order.
const items = [recordedItem(2, 3725), recordedItem(1, 75)];

/** What the stubbed media report as their duration (NaN: metadata not loaded). */
let mediaDuration = Number.NaN;

beforeEach(() => {
  mediaDuration = Number.NaN;
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => mediaDuration);
  stubPlayback();
});
afterEach(() => vi.restoreAllMocks());

const video = () => screen.getByTestId('review-video') as HTMLVideoElement;
const time = () => screen.getByTestId('player-time');
const button = (name: string) => screen.getByRole('button', { name });
const segment = (n: number) => button(reviewText.goToQuestion(format.questionShortLabel(n)));

/** Plays the current video to `seconds` (the browser's timeupdate). */
function playTo(seconds: number) {
  act(() => {
    video().currentTime = seconds;
    fireEvent.timeUpdate(video());
  });
}

describe('VideoPlayer', () => {
  it('plays and pauses from the button, the video and the space key', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    expect(video()).toHaveAttribute('src', '/files/answer-q1.mp4');
    expect(video()).toHaveAccessibleName(reviewText.videoLabel(format.questionShortLabel(1)));

    await user.click(button(reviewText.play));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(video().paused).toBe(false);
    await user.click(button(reviewText.pause));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(button(reviewText.play)).toBeInTheDocument();

    await user.click(video());
    expect(button(reviewText.pause)).toBeInTheDocument();
    await user.keyboard(' ');
    expect(button(reviewText.play)).toBeInTheDocument();
    expect(video().paused).toBe(true);
  });

  it('shows elapsed / total time as m:ss (h:mm:ss past an hour), from the video once it knows', () => {
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    // Before the metadata: the recorded item's duration.
    expect(time()).toHaveTextContent('0:00 / 1:15');
    playTo(65.8);
    expect(time()).toHaveTextContent('1:05 / 1:15');
    mediaDuration = 125.4;
    fireEvent.durationChange(video());
    expect(time()).toHaveTextContent('1:05 / 2:05');
    mediaDuration = Number.NaN;

    fireEvent.click(button(reviewText.nextQuestion));
    expect(time()).toHaveTextContent('0:00 / 1:02:05');
  });

  it('seeks with the slider and the arrow keys, within the video', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    const slider = screen.getByRole('slider', { name: reviewText.seek });
    expect(slider).toHaveAttribute('aria-valuemax', '75');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00');

    // On the focused slider the arrows are the slider's (one 0.1 s step), not the 5 s shortcut.
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}');
    expect(video().currentTime).toBeCloseTo(0.1);
    await user.keyboard('{End}');
    expect(video().currentTime).toBe(75);
    expect(time()).toHaveTextContent('1:15 / 1:15');
    await user.keyboard('{Home}');
    expect(video().currentTime).toBe(0);

    // Arrow keys outside the slider seek 5 s; never below 0.
    act(() => slider.blur());
    playTo(30);
    await user.keyboard('{ArrowRight}');
    expect(video().currentTime).toBe(35);
    expect(slider).toHaveAttribute('aria-valuenow', '35');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video().currentTime).toBe(25);
    playTo(2);
    await user.keyboard('{ArrowLeft}');
    expect(video().currentTime).toBe(0);
  });

  it('goes to the previous and next question with the buttons, the progress bar and n/p', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    const bar = screen.getByRole('group', { name: reviewText.questionProgress });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(questions.map((q) => format.questionShortLabel(q.number)));
    expect(segment(1)).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('question-text')).toHaveTextContent('Q1. Question 1 text');
    expect(screen.getByText(reviewText.role('Interviewer'))).toBeInTheDocument();
    expect(button(reviewText.previousQuestion)).toBeDisabled();

    // Playing, then moving on: the next video starts paused at 0.
    await user.click(button(reviewText.play));
    playTo(40);
    await user.click(button(reviewText.nextQuestion));
    expect(video()).toHaveAttribute('src', '/files/answer-q2.mp4');
    expect(segment(2)).toHaveAttribute('aria-current', 'step');
    expect(segment(1)).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('question-text')).toHaveTextContent('Q2. Question 2 text');
    expect(screen.getByText(reviewText.role('Panelist'))).toBeInTheDocument();
    expect(button(reviewText.play)).toBeInTheDocument();
    expect(time()).toHaveTextContent(/^0:00 \//);

    // The last question has no video and no role.
    await user.click(segment(3));
    expect(screen.queryByTestId('review-video')).not.toBeInTheDocument();
    expect(screen.getByText(reviewText.noVideo)).toBeInTheDocument();
    expect(screen.getByText(reviewText.noRole)).toBeInTheDocument();
    expect(button(reviewText.nextQuestion)).toBeDisabled();
    expect(button(reviewText.play)).toBeDisabled();
    await user.keyboard('n');
    expect(segment(3)).toHaveAttribute('aria-current', 'step');

    await user.keyboard('p');
    expect(segment(2)).toHaveAttribute('aria-current', 'step');
    await user.keyboard('P');
    expect(segment(1)).toHaveAttribute('aria-current', 'step');
    await user.keyboard('N');
    expect(segment(2)).toHaveAttribute('aria-current', 'step');
    await user.click(button(reviewText.previousQuestion));
    expect(segment(1)).toHaveAttribute('aria-current', 'step');
  });

  it('ignores the keys while typing in a field', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <input aria-label="notes" />
        <VideoPlayer {...answer} questions={questions} items={items} />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'notes' }));
    await user.keyboard('n p');
    expect(segment(1)).toHaveAttribute('aria-current', 'step');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });

  it('keeps playing the same video when a refetch signs its URL anew, and renews it on an error', async () => {
    const signed = (sig: string) =>
      items.map((i) => ({ ...i, file: { id: i.fileId!, url: `${i.file!.url}?s=${sig}` } }));
    function Refetching() {
      const [sig, setSig] = useState('a');
      return (
        <>
          <button onClick={() => setSig('b')}>refetch</button>
          <VideoPlayer {...answer} questions={questions} items={signed(sig)} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Refetching />);
    const first = video();
    expect(first.getAttribute('src')).toBe('/files/answer-q1.mp4?s=a');
    await user.click(screen.getByRole('button', { name: 'refetch' }));
    expect(video()).toBe(first);
    expect(first.getAttribute('src')).toBe('/files/answer-q1.mp4?s=a');
    fireEvent.error(first);
    expect(video().getAttribute('src')).toBe('/files/answer-q1.mp4?s=b');
  });

  it('mutes and unmutes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    expect(video().muted).toBe(false);
    await user.click(button(reviewText.mute));
    expect(video().muted).toBe(true);
    expect(button(reviewText.unmute)).toHaveAttribute('aria-pressed', 'true');
    await user.click(button(reviewText.unmute));
    expect(video().muted).toBe(false);
    expect(button(reviewText.mute)).toHaveAttribute('aria-pressed', 'false');
  });

  it('rotates by 90° steps, back to 0° after four, fitting the frame on its side', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    expect(video().style.transform).toContain('rotate(0deg)');
    await user.click(button(reviewText.rotate));
    expect(video().style.transform).toContain('rotate(90deg)');
    // On its side the video's width is the frame's height, at most 500px.
    expect(video().style.width).toBe(`${videoMaxHeightPx}px`);
    expect(video().style.maxHeight).toBe(`${videoMaxHeightPx}px`);
    await user.click(button(reviewText.rotate));
    expect(video().style.transform).toContain('rotate(180deg)');
    expect(video().style.width).toBe('100%');
    await user.click(button(reviewText.rotate));
    expect(video().style.transform).toContain('rotate(270deg)');
    await user.click(button(reviewText.rotate));
    expect(video().style.transform).toContain('rotate(0deg)');
  });

  it('is at most 500px high and 675px wide', () => {
    renderWithProviders(<VideoPlayer {...answer} questions={questions} items={items} />);
    const frame = video().parentElement!;
    expect(frame.style.height).toBe(`${videoMaxHeightPx}px`);
    expect(frame.style.maxWidth).toBe(`${videoMaxWidthPx}px`);
    expect(video().style.maxWidth).toBe(`${videoMaxWidthPx}px`);
    expect(video().style.maxHeight).toBe(`${videoMaxHeightPx}px`);
    expect(video().style.objectFit).toBe('contain');
  });

  it('renders nothing without questions', () => {
    const { container } = renderWithProviders(
      <VideoPlayer {...answer} questions={[]} items={[]} />,
    );
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByTestId('player-time')).not.toBeInTheDocument();
  });

  describe('media', () => {
    /** What the retry call answers. */
    let reply: () => Response;
    const fetchMock = vi.fn((..._args: unknown[]) => Promise.resolve(reply()));
    beforeEach(() => {
      fetchMock.mockClear();
      vi.stubGlobal('fetch', fetchMock);
      signInAsUser(makeUser(Role.Instructor));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      act(() => signedOut());
    });

    const mp4 = { id: 900, url: '/files/answer-q1-play.mp4?s=a' };
    const poster = { id: 901, url: '/files/answer-q1-poster.jpg?s=a' };

    it('plays the MP4 with its poster when ready', () => {
      renderWithProviders(
        <VideoPlayer
          {...answer}
          questions={questions}
          items={[withMedia(1, { status: 'ready', playback: mp4, poster })]}
        />,
      );
      expect(video()).toHaveAttribute('src', mp4.url);
      expect(video()).toHaveAttribute('poster', poster.url);
      expect(screen.queryByText(reviewText.mediaProcessing)).not.toBeInTheDocument();
      expect(segment(1)).toBeInTheDocument();
    });

    it('plays the original with a note while processing, then the MP4 from the same time', async () => {
      const user = userEvent.setup();
      function Processing() {
        const [ready, setReady] = useState(false);
        const media: Partial<AnswerItemMedia> = ready
          ? { status: 'ready', playback: mp4, poster }
          : { status: 'processing' };
        return (
          <>
            <button onClick={() => setReady(true)}>done</button>
            <VideoPlayer {...answer} questions={questions} items={[withMedia(1, media)]} />
          </>
        );
      }
      renderWithProviders(<Processing />);
      expect(video()).toHaveAttribute('src', '/files/answer-q1.mp4');
      expect(video()).not.toHaveAttribute('poster');
      expect(screen.getByRole('status')).toHaveTextContent(reviewText.mediaProcessing);
      expect(
        button(reviewText.goToQuestion('Q1', reviewText.mediaState.processing)),
      ).toBeInTheDocument();

      // Playing the original at 0:20 when the MP4 becomes ready: it continues there.
      await user.click(button(reviewText.play));
      playTo(20);
      await user.click(screen.getByRole('button', { name: 'done' }));
      expect(video()).toHaveAttribute('src', mp4.url);
      vi.mocked(HTMLMediaElement.prototype.play).mockClear();
      fireEvent.loadedMetadata(video());
      expect(video().currentTime).toBe(20);
      expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(reviewText.mediaProcessing)).not.toBeInTheDocument();
      expect(segment(1)).toBeInTheDocument();
    });

    it('failed: a note, and for staff Try again calling the retry call with its pending state', async () => {
      const user = userEvent.setup();
      let answerCall: (r: Response) => void = () => undefined;
      reply = () => new Response('unused');
      fetchMock.mockImplementationOnce(
        () => new Promise<Response>((resolve) => (answerCall = resolve)),
      );
      renderWithProviders(
        <VideoPlayer
          {...answer}
          questions={questions}
          items={[withMedia(1, { status: 'failed' })]}
        />,
      );
      expect(screen.getByText(reviewText.mediaFailed)).toBeInTheDocument();
      // The original still plays where the browser can.
      expect(video()).toHaveAttribute('src', '/files/answer-q1.mp4');
      expect(
        button(reviewText.goToQuestion('Q1', reviewText.mediaState.failed)),
      ).toBeInTheDocument();

      const tryAgain = button(reviewText.mediaRetry);
      await user.click(tryAgain);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/answers/7/items/201/media/retry');
      expect(init.method).toBe('POST');
      await waitFor(() => expect(tryAgain).toHaveAttribute('data-loading', 'true'));

      act(() =>
        answerCall(
          Response.json(
            { success: false, message: messages.mediaNotFailed, data: null },
            { status: 409 },
          ),
        ),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.mediaNotFailed);
      expect(tryAgain).not.toHaveAttribute('data-loading');
    });

    it('failed: says why when the server knows', () => {
      const { unmount } = renderWithProviders(
        <VideoPlayer
          {...answer}
          questions={questions}
          items={[withMedia(1, { status: 'failed', failure: messages.mediaUnreadable })]}
        />,
      );
      expect(screen.getByText(reviewText.mediaFailed)).toBeInTheDocument();
      expect(screen.getByText(messages.mediaUnreadable)).toBeInTheDocument();
      unmount();
      renderWithProviders(
        <VideoPlayer
          {...answer}
          questions={questions}
          items={[withMedia(1, { status: 'failed', failure: null })]}
        />,
      );
      expect(screen.getByText(reviewText.mediaFailed)).toBeInTheDocument();
      expect(screen.queryByText(messages.mediaUnreadable)).not.toBeInTheDocument();
    });

    it('failed: no Try again for whoever may not review the answer', () => {
      renderWithProviders(
        <VideoPlayer
          {...answer}
          organizationId={2}
          questions={questions}
          items={[withMedia(1, { status: 'failed' })]}
        />,
      );
      expect(screen.getByText(reviewText.mediaFailed)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: reviewText.mediaRetry })).not.toBeInTheDocument();
    });

    it('deleted: the text instead of a player', () => {
      renderWithProviders(
        <VideoPlayer
          {...answer}
          questions={questions}
          items={[withMedia(1, { status: 'deleted', deletedAfterDays: 30 })]}
        />,
      );
      expect(screen.queryByTestId('review-video')).not.toBeInTheDocument();
      expect(screen.getByText('The video was deleted after 30 days')).toBeInTheDocument();
      expect(button(reviewText.play)).toBeDisabled();
      expect(
        button(reviewText.goToQuestion('Q1', reviewText.mediaState.deleted)),
      ).toBeInTheDocument();
    });
  });
});
