/** Delete dialogs block cancel while the deletion is in progress (000 §9). */
import { messages } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DeleteDialog } from './confirm-dialog';

describe('DeleteDialog', () => {
  it('disables Cancel while the deletion runs, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderWithProviders(
      <DeleteDialog
        opened
        onClose={onClose}
        onConfirm={onConfirm}
        title={messages.delete}
        message="Delete it?"
      />,
    );
    const cancel = await screen.findByRole('button', { name: messages.cancel });
    expect(cancel).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: messages.delete }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(cancel).toBeDisabled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('disables Cancel when the caller says it is busy', async () => {
    renderWithProviders(
      <DeleteDialog
        opened
        loading
        onClose={() => {}}
        onConfirm={() => {}}
        title={messages.delete}
        message="Delete it?"
      />,
    );
    expect(await screen.findByRole('button', { name: messages.cancel })).toBeDisabled();
  });
});
