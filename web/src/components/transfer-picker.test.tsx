/**
 * The two-column picker: the left column leaves out what is chosen and says why it is empty, rows
 * move with their buttons (the focus staying in the column), locked rows cannot be taken off, and
 * Save hands over the chosen items in order.
 */
import { messages } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TransferPicker, type TransferPickerProps } from './transfer-picker';

interface Item {
  id: number;
  name: string;
}

const items: Item[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Bravo' },
  { id: 3, name: 'Charlie' },
];

function setup(props: Partial<TransferPickerProps<Item>> = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <TransferPicker<Item>
      initial={[]}
      options={items}
      loading={false}
      itemKey={(item) => item.id}
      itemName={(item) => item.name}
      availableTitle="Available"
      chosenTitle="Chosen"
      addLabel={(item) => `Add ${item.name}`}
      removeLabel={(item) => `Remove ${item.name}`}
      allChosenText="All chosen"
      noneChosenText="None chosen"
      saving={false}
      onSave={onSave}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onSave, onCancel };
}

const list = (name: string) => screen.getByRole('list', { name });

describe('TransferPicker', () => {
  it('says so while the options load', () => {
    setup({ loading: true, options: [] });
    expect(screen.getByText(messages.loading)).toBeInTheDocument();
    expect(screen.getByText('None chosen')).toBeInTheDocument();
  });

  it('shows the empty text when there is nothing to choose from', () => {
    setup({ options: [] });
    expect(screen.getByText(messages.noRecordsFound)).toBeInTheDocument();
  });

  it('leaves the chosen items out of the left column', () => {
    setup({ initial: items });
    expect(screen.getByText('All chosen')).toBeInTheDocument();
    expect(within(list('Chosen')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('moves rows by keyboard, keeps the focus in the column, and saves the chosen in order', async () => {
    const user = userEvent.setup();
    const { onSave } = setup({ initial: [items[2]!] });
    expect(within(list('Available')).getAllByRole('listitem')).toHaveLength(2);

    screen.getByRole('button', { name: 'Add Alpha' }).focus();
    await user.keyboard('{Enter}');
    expect(within(list('Chosen')).getByText('Alpha')).toBeInTheDocument();
    // The row below took the added one's place, and the focus with it.
    expect(screen.getByRole('button', { name: 'Add Bravo' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByText('All chosen')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Remove Charlie' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Alpha' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: messages.save }));
    expect(onSave).toHaveBeenCalledWith([items[0], items[1]]);
  });

  it('shows a lock instead of the remove button on locked items', () => {
    setup({ initial: items, isLocked: (item) => item.id === 2, lockedLabel: 'Locked' });
    const chosen = list('Chosen');
    expect(within(chosen).getByRole('img', { name: 'Locked' })).toBeInTheDocument();
    expect(within(chosen).queryByRole('button', { name: 'Remove Bravo' })).not.toBeInTheDocument();
    expect(within(chosen).getByRole('button', { name: 'Remove Alpha' })).toBeInTheDocument();
  });

  it('cancels without saving', async () => {
    const { onSave, onCancel } = setup();
    await userEvent.click(screen.getByRole('button', { name: messages.cancel }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
