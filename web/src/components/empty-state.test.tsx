/** The one empty state (decisions.md#console-flows §12): title, what to do next, and the next step's button. */
import { messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { EmptyState } from './empty-state';
import { ListTable } from './list-table';

describe('EmptyState', () => {
  it('says what is empty and what to do next, and its button does the next step', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <EmptyState
        title={messages.noRecordsFound}
        description="Invite your first trainee."
        action={{ label: 'Invite member', onClick }}
      />,
    );
    expect(screen.getByText(messages.noRecordsFound)).toBeInTheDocument();
    expect(screen.getByText('Invite your first trainee.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('has no button when there is nothing to do', () => {
    renderWithProviders(<EmptyState title={messages.noRecordsFound} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is what an empty list table shows, with the list’s next step', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <ListTable<{ id: number }>
        label="Groups"
        columns={[{ key: 'id', header: messages.name, cell: (r) => r.id }]}
        rows={[]}
        total={0}
        page={1}
        pageSize={25}
        rowKey={(r) => r.id}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
        empty={{ description: 'Create the first group.', action: { label: 'Create', onClick } }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Groups' });
    expect(table).toHaveTextContent(messages.noRecordsFound);
    expect(table).toHaveTextContent('Create the first group.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
