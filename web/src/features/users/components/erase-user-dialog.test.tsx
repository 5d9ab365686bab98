/**
 * The erase confirmation (000 §5): the admin types the user's last name, or 'permanently delete'
 * when there is none, compared ignoring case; the confirm button stays disabled until it matches
 * and Cancel is blocked while erasing (000 §9).
 */
import { eraseConfirmationFallback, messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userText } from '@shared/config/ui-text';
import { renderWithProviders } from '../../../test/render';
import { EraseUserDialog } from './erase-user-dialog';

function setup(lastName: string | null, onConfirm = vi.fn(async () => {})) {
  const onClose = vi.fn();
  renderWithProviders(
    <EraseUserDialog
      opened
      onClose={onClose}
      onConfirm={onConfirm}
      firstName="Priya"
      lastName={lastName}
    />,
  );
  return { onConfirm, onClose };
}

describe('EraseUserDialog', () => {
  it('enables Erase only once the last name is typed, ignoring case', async () => {
    const { onConfirm, onClose } = setup('Patel');
    const input = await screen.findByRole('textbox', {
      name: userText.eraseTypeToConfirm('Patel'),
    });
    const erase = screen.getByRole('button', { name: messages.erase });
    expect(erase).toBeDisabled();
    await userEvent.type(input, 'Pate');
    expect(erase).toBeDisabled();
    await userEvent.type(input, 'l');
    expect(erase).toBeEnabled();
    await userEvent.clear(input);
    await userEvent.type(input, '  pATEL ');
    expect(erase).toBeEnabled();
    await userEvent.click(erase);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("asks for 'permanently delete' when there is no last name", async () => {
    const { onConfirm } = setup(null);
    const input = await screen.findByRole('textbox', {
      name: userText.eraseTypeToConfirm(eraseConfirmationFallback),
    });
    await userEvent.type(input, 'Permanently Delete{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('never confirms a wrong text, also not with Enter', async () => {
    const { onConfirm } = setup('Patel');
    const input = await screen.findByRole('textbox', {
      name: userText.eraseTypeToConfirm('Patel'),
    });
    await userEvent.type(input, 'Smith{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('blocks Cancel while erasing', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setup('Patel', onConfirm);
    await userEvent.type(await screen.findByRole('textbox'), 'patel');
    await userEvent.click(screen.getByRole('button', { name: messages.erase }));
    expect(screen.getByRole('button', { name: messages.cancel })).toBeDisabled();
    finish();
  });
});
