/**
 * The review screen's inbox navigation (decisions.md#review-loop §1, §2): "3 of 30", Previous / Next and the `k` /
 * `j` keys go to the neighbors, never while typing in a field; no neighbor, no move; "Back to
 * inbox" keeps the filters.
 */
import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { reviewInboxText as text } from '../../../config/review-inbox-text';
import { renderWithProviders } from '../../../test/render';
import { ReviewNavigation } from './review-navigation';

function renderBar(neighbors: Parameters<typeof ReviewNavigation>[0]['neighbors']) {
  const onGo = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <ReviewNavigation
        neighbors={neighbors}
        onGo={onGo}
        inboxHref="/dbl/reviews?assignmentId=7&claim=unclaimed"
      />
      <TextInput label="Note" />
    </MemoryRouter>,
  );
  return onGo;
}

describe('ReviewNavigation', () => {
  it('shows the position and goes to the neighbors with the buttons and j / k', async () => {
    const onGo = renderBar({
      previousId: 11,
      nextId: 13,
      nextWaitingId: 13,
      position: 3,
      count: 30,
    });
    expect(screen.getByTestId('inbox-position')).toHaveTextContent('3 of 30');
    expect(screen.getByRole('link', { name: text.backToInbox })).toHaveAttribute(
      'href',
      '/dbl/reviews?assignmentId=7&claim=unclaimed',
    );
    await userEvent.click(screen.getByRole('button', { name: new RegExp(text.next) }));
    expect(onGo).toHaveBeenLastCalledWith(13);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(text.previous) }));
    expect(onGo).toHaveBeenLastCalledWith(11);
    onGo.mockClear();
    await userEvent.keyboard('j');
    expect(onGo).toHaveBeenLastCalledWith(13);
    await userEvent.keyboard('k');
    expect(onGo).toHaveBeenLastCalledWith(11);
  });

  it('does nothing while typing in a field, nor without a neighbor', async () => {
    const onGo = renderBar({
      previousId: null,
      nextId: null,
      nextWaitingId: null,
      position: null,
      count: 4,
    });
    expect(screen.getByTestId('inbox-position')).toHaveTextContent('4 waiting');
    expect(screen.getByRole('button', { name: new RegExp(text.next) })).toBeDisabled();
    await userEvent.keyboard('jk');
    expect(onGo).not.toHaveBeenCalled();
  });

  it('never moves on a key typed in a text field', async () => {
    const onGo = renderBar({ previousId: 1, nextId: 2, nextWaitingId: 2, position: 2, count: 3 });
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'jk');
    expect(onGo).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('jk');
  });
});
