/** The shared list view (000 §2.4, §9): loading and empty texts, paging with 25/50/100. */
import { messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { uiText } from '@shared/config/ui-text';
import { renderWithProviders } from '../test/render';
import { ListTable, type ListTableProps } from './list-table';

interface Row {
  id: number;
  name: string;
}

function setup(props: Partial<ListTableProps<Row>> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  const onRowClick = vi.fn();
  renderWithProviders(
    <ListTable<Row>
      label="People"
      columns={[{ key: 'name', header: messages.name, cell: (r) => r.name }]}
      rows={[]}
      total={0}
      page={1}
      pageSize={25}
      rowKey={(r) => r.id}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      onRowClick={onRowClick}
      {...props}
    />,
  );
  return { onPageChange, onPageSizeChange, onRowClick };
}

describe('ListTable', () => {
  it('shows the loading text while loading', () => {
    setup({ loading: true, rows: undefined });
    expect(screen.getByText(messages.loading)).toBeInTheDocument();
    expect(screen.queryByText(messages.noRecordsFound)).not.toBeInTheDocument();
  });

  it('shows the empty text when the total is under 1', () => {
    setup({ rows: [], total: 0 });
    expect(screen.getByText(messages.noRecordsFound)).toBeInTheDocument();
  });

  it('renders rows, the total, and reports row clicks (also by keyboard)', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
    const { onRowClick, onPageChange } = setup({ rows, total: 60 });
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Person 2'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 2, name: 'Person 2' });
    screen.getByText('Person 3').closest('tr')?.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith({ id: 3, name: 'Person 3' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers the page sizes 25, 50 and 100', async () => {
    const { onPageSizeChange } = setup({ rows: [{ id: 1, name: 'A' }], total: 1 });
    const select = screen.getByRole('combobox', { name: uiText.rowsPerPage });
    expect(select).toHaveValue('25');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['25', '50', '100']);
    await userEvent.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });
});
