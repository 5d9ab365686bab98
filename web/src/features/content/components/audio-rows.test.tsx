/**
 * The audio rows of an interview question (001 §2, §5, §9): an avatar chosen in one row leaves the
 * pickers of the other rows (and comes back when that row lets it go); at most 4 rows; the client
 * checks refuse a file that is not mp3 or is over 500 KB with the spec's messages before any
 * upload; a good mp3 goes through the upload flow with a progress bar and becomes the row's audio.
 */
import { AssetType, maxAudiosPerQuestion, messages, type Asset } from '@practica/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentText } from '../../../config/content-text';
import type * as UploadModule from '../../../lib/upload';
import { renderWithProviders } from '../../../test/render';
import { AudioRows, type AudioRow } from './audio-rows';

const upload = vi.hoisted(() => ({
  resolve: null as ((ref: { id: number; url: string }) => void) | null,
  progress: null as ((percent: number) => void) | null,
}));

vi.mock('../../../lib/upload', async (importOriginal) => {
  const actual = await importOriginal<typeof UploadModule>();
  return {
    ...actual,
    uploadFile: vi.fn(
      (_file: File, _type: number, options: { onProgress?: (percent: number) => void } = {}) =>
        new Promise((resolve) => {
          upload.resolve = resolve;
          upload.progress = options.onProgress ?? null;
        }),
    ),
  };
});

const avatar = (id: number, name: string): Asset => ({
  id,
  name,
  description: '',
  assetTypeId: AssetType.Avatar,
  image: null,
  imageId: null,
  organizationId: null,
  organizationIds: [],
  createdBy: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const avatars = [avatar(1, 'Ava'), avatar(2, 'Ben'), avatar(3, 'Cleo')];

const row = (avatarId: number | null = null, audioId = 0): AudioRow => ({
  id: null,
  audioId,
  avatarId,
  fileName: audioId ? `prompt-${audioId}.mp3` : '',
  url: audioId ? `/files/${audioId}.mp3` : null,
  progress: null,
});

/** The rows with their own state. */
function Harness({
  initial,
  defaultAvatarId,
}: {
  initial: AudioRow[];
  defaultAvatarId?: number | null;
}) {
  const [rows, setRows] = useState(initial);
  return (
    <AudioRows
      defaultAvatarId={defaultAvatarId}
      rows={rows}
      onChange={(update) => setRows(update)}
      avatars={avatars}
      errorOf={() => undefined}
    />
  );
}

beforeEach(() => {
  upload.resolve = null;
  upload.progress = null;
});
afterEach(() => vi.clearAllMocks());

/** Opens the avatar picker of row `n` and answers the avatar names it offers. */
async function offeredIn(user: ReturnType<typeof userEvent.setup>, n: number) {
  await user.click(
    screen.getByRole('button', { name: `${contentText.avatarOf(n)}: ${messages.select}` }),
  );
  const dialog = await screen.findByRole('dialog', { name: contentText.avatarOf(n) });
  const names = within(dialog)
    .getAllByRole('radio')
    .map((r) => r.getAttribute('aria-label'));
  return { dialog, names };
}

describe('AudioRows', () => {
  it('leaves an avatar chosen in one row out of the other rows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[row(), row()]} />);

    // Row 1 picks Ava.
    let picker = await offeredIn(user, 1);
    expect(picker.names).toEqual(['Ava', 'Ben', 'Cleo']);
    await user.click(within(picker.dialog).getByRole('radio', { name: 'Ava' }));
    await user.click(within(picker.dialog).getByRole('button', { name: messages.save }));
    expect(await screen.findByText('Ava')).toBeInTheDocument();

    // Row 2 no longer offers Ava; it picks Ben.
    picker = await offeredIn(user, 2);
    expect(picker.names).toEqual(['Ben', 'Cleo']);
    await user.click(within(picker.dialog).getByRole('radio', { name: 'Ben' }));
    await user.click(within(picker.dialog).getByRole('button', { name: messages.save }));
    expect(await screen.findByText('Ben')).toBeInTheDocument();

    // Row 1 keeps its own choice and loses Ben.
    picker = await offeredIn(user, 1);
    expect(picker.names).toEqual(['Ava', 'Cleo']);
    await user.click(within(picker.dialog).getByRole('button', { name: messages.cancel }));

    // Once row 2 lets Ben go, row 1 offers it again.
    await user.click(
      screen.getByRole('button', { name: `${contentText.avatarOf(2)}: ${messages.remove}` }),
    );
    picker = await offeredIn(user, 1);
    expect(picker.names).toEqual(['Ava', 'Ben', 'Cleo']);
  });

  it("starts a new row with the avatar of the question's role, unless another row has it (decisions.md#console-flows §8)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[]} defaultAvatarId={2} />);
    await user.click(screen.getByRole('button', { name: contentText.addAudio }));
    expect(await screen.findByText('Ben')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `${contentText.avatarOf(1)}: ${messages.remove}` }),
    ).toBeInTheDocument();
    // The second row cannot have Ben too: it starts without an avatar.
    await user.click(screen.getByRole('button', { name: contentText.addAudio }));
    expect(
      screen.getByRole('button', { name: `${contentText.avatarOf(2)}: ${messages.select}` }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Ben')).toHaveLength(1);
  });

  it('offers Add audio until there are 4 rows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[row()]} />);
    for (let n = 1; n < maxAudiosPerQuestion; n += 1) {
      await user.click(screen.getByRole('button', { name: contentText.addAudio }));
    }
    for (let n = 1; n <= maxAudiosPerQuestion; n += 1) {
      expect(screen.getByText(contentText.audioFile(n))).toBeInTheDocument();
    }
    expect(screen.queryByText(contentText.audioFile(maxAudiosPerQuestion + 1))).toBeNull();
    expect(screen.queryByRole('button', { name: contentText.addAudio })).toBeNull();
    await user.click(screen.getByRole('button', { name: contentText.removeAudio(4) }));
    expect(screen.getByRole('button', { name: contentText.addAudio })).toBeInTheDocument();
  });

  it.each([
    [
      'a file that is not mp3',
      new File(['x'], 'prompt.wav', { type: 'audio/wav' }),
      messages.audioMustBeMp3,
    ],
    [
      'an mp3 over 500 KB',
      new File([new Uint8Array(500 * 1024 + 1)], 'prompt.mp3', { type: 'audio/mpeg' }),
      messages.audioTooLarge,
    ],
  ])('refuses %s before any upload', async (_, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithProviders(<Harness initial={[row()]} />);
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(upload.resolve).toBeNull();
    expect(container.querySelector('audio')).toBeNull();
  });

  it('uploads an mp3 with a progress bar and plays it back', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Harness initial={[row()]} />);
    const file = new File([new Uint8Array(1024)], 'hello.mp3', { type: 'audio/mpeg' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(await screen.findByText('hello.mp3')).toBeInTheDocument();
    act(() => upload.progress?.(40));
    expect(screen.getByRole('progressbar', { name: contentText.uploadProgress })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => upload.resolve?.({ id: 77, url: '/files/77.mp3' }));
    expect(
      await screen.findByRole('button', { name: new RegExp(contentText.replaceMp3) }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.querySelector('audio')).toHaveAttribute('src', '/files/77.mp3');
  });
});
