/** The avatar picker dialog (001 §2 'Avatars and environments'): select one; select several. */
import { messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AvatarPickerDialog } from './avatar-picker-dialog';

const avatars = [
  { id: 1, name: 'Ada', image: { url: '/a.png' } },
  { id: 2, name: 'Ben', image: null },
  { id: 3, name: 'Cleo', image: { url: '/c.png' } },
];

describe('AvatarPickerDialog', () => {
  it('selects one avatar: a click replaces the choice, Save answers it and closes', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <AvatarPickerDialog
        opened
        onClose={onClose}
        avatars={avatars}
        selectedIds={[1]}
        onSave={onSave}
      />,
    );
    const ada = await screen.findByRole('radio', { name: 'Ada' });
    expect(ada).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Cleo' }));
    expect(ada).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: 'Cleo' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(onSave).toHaveBeenCalledWith([3]);
    expect(onClose).toHaveBeenCalled();
  });

  it('selects several avatars and unselects one again', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <AvatarPickerDialog
        opened
        multiple
        onClose={() => {}}
        avatars={avatars}
        selectedIds={[]}
        onSave={onSave}
      />,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ada' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ben' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cleo' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ben' }));
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(onSave).toHaveBeenCalledWith([1, 3]);
  });

  it('Cancel closes without saving', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <AvatarPickerDialog
        opened
        onClose={onClose}
        avatars={avatars}
        selectedIds={[]}
        onSave={onSave}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: messages.cancel }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
