import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';

type Supplier = { id: number; name: string; city: string; rating: number };

const columns: DataTableColumn<Supplier>[] = [
  { id: 'name', label: 'Name' },
  { id: 'city', label: 'City', render: (row) => <em>{row.city.toUpperCase()}</em> },
  { id: 'rating', label: 'Rating', numeric: true, format: (value) => `${value} / 5` },
  { id: 'actions', label: 'Actions' },
];

function makeRows(count: number): Supplier[] {
  return Array.from({ length: count }, (_unused, index) => ({
    id: index + 1,
    name: `Supplier ${String(index + 1).padStart(2, '0')}`,
    city: index % 2 === 0 ? 'Lyon' : 'Paris',
    rating: (index % 5) + 1,
  }));
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe(DataTable.name, () => {
  it('shows "No data available" without rows', () => {
    renderWithProviders(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });

  it('renders format and render functions and aligns numeric columns right', () => {
    renderWithProviders(<DataTable columns={columns} rows={makeRows(1)} />);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells[1]).toContainHTML('<em>LYON</em>');
    expect(cells[2]).toHaveTextContent('1 / 5');
    expect(cells[2]).toHaveClass('MuiTableCell-alignRight');
  });

  it('has a sticky header and a minimum width of 750', () => {
    renderWithProviders(<DataTable columns={columns} rows={makeRows(1)} title="Suppliers" />);
    const table = screen.getByRole('table', { name: 'Suppliers' });
    expect(table).toHaveClass('MuiTable-stickyHeader');
    expect(getComputedStyle(table).minWidth).toBe('750px');
  });

  it('scrolls its rows in a named region that takes keyboard focus', async () => {
    renderWithProviders(<DataTable columns={columns} rows={makeRows(1)} title="Suppliers" />);
    const region = screen.getByRole('region', { name: 'Suppliers, scrollable' });
    expect(getComputedStyle(region).maxHeight).toBe('640px');
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('renders an edit and a delete button per row in the actions column', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const rows = makeRows(2);
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        onEdit={onEdit}
        onDelete={onDelete}
        getRowLabel={(row) => row.name}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Supplier 01' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Supplier 02' }));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
  });

  describe('sorting', () => {
    const rows: Supplier[] = [
      { id: 1, name: 'Bravo', city: 'Paris', rating: 2 },
      { id: 2, name: 'Alpha', city: 'Lyon', rating: 5 },
      { id: 3, name: 'Charlie', city: 'Nice', rating: 1 },
    ];

    it('sorts by name ascending at first', () => {
      renderWithProviders(<DataTable columns={columns} rows={rows} />);
      expect(firstCells()).toEqual(['Alpha', 'Bravo', 'Charlie']);
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    });

    it('flips the ascending column to descending, then back to ascending', async () => {
      renderWithProviders(<DataTable columns={columns} rows={rows} />);
      await userEvent.click(screen.getByRole('button', { name: /Name/ }));
      expect(firstCells()).toEqual(['Charlie', 'Bravo', 'Alpha']);
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
      await userEvent.click(screen.getByRole('button', { name: /Name/ }));
      expect(firstCells()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    });

    it('sorts another column ascending on its first click', async () => {
      renderWithProviders(<DataTable columns={columns} rows={rows} />);
      await userEvent.click(screen.getByRole('button', { name: /Rating/ }));
      expect(firstCells()).toEqual(['Charlie', 'Bravo', 'Alpha']);
      expect(screen.getByRole('columnheader', { name: /Rating/ })).toHaveAttribute('aria-sort', 'ascending');
    });

    it('offers no sorting on the actions column', () => {
      renderWithProviders(<DataTable columns={columns} rows={rows} />);
      expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
    });
  });

  describe('paging', () => {
    it('starts at 5 rows per page and shows the range with an en dash', () => {
      renderWithProviders(<DataTable columns={columns} rows={makeRows(50)} />);
      expect(bodyRows()).toHaveLength(5);
      expect(screen.getByText('1–5 of 50')).toBeInTheDocument();
    });

    it('pages on the client over the given rows', async () => {
      renderWithProviders(<DataTable columns={columns} rows={makeRows(12)} />);
      await userEvent.click(screen.getByRole('button', { name: /next page/i }));
      expect(screen.getByText('6–10 of 12')).toBeInTheDocument();
      expect(firstCells()[0]).toBe('Supplier 06');
    });

    it('offers 5, 10 and 25 rows per page and goes back to the first page on a change', async () => {
      renderWithProviders(<DataTable columns={columns} rows={makeRows(50)} />);
      await userEvent.click(screen.getByRole('button', { name: /next page/i }));
      expect(screen.getByText('6–10 of 50')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('combobox'));
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options).toEqual(['5', '10', '25']);
      await userEvent.click(screen.getByRole('option', { name: '10' }));
      expect(screen.getByText('1–10 of 50')).toBeInTheDocument();
      expect(bodyRows()).toHaveLength(10);
    });
  });

  describe('selection and toolbar', () => {
    it('shows the title "Table" by default', () => {
      renderWithProviders(<DataTable columns={columns} rows={makeRows(3)} isSelectable />);
      expect(screen.getByText('Table')).toBeInTheDocument();
    });

    it('shows "N selected" and a Delete button while rows are selected', async () => {
      const onDeleteSelected = vi.fn();
      const onSelectionChange = vi.fn();
      renderWithProviders(
        <DataTable
          columns={columns}
          rows={makeRows(3)}
          isSelectable
          onDeleteSelected={onDeleteSelected}
          onSelectionChange={onSelectionChange}
        />,
      );
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select 1' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select 3' }));
      expect(screen.getByText('2 selected')).toBeInTheDocument();
      expect(onSelectionChange).toHaveBeenLastCalledWith([1, 3]);
      const deleteButton = screen.getByRole('button', { name: 'Delete' });
      await userEvent.hover(deleteButton);
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');
      await userEvent.click(deleteButton);
      expect(onDeleteSelected).toHaveBeenCalledWith([1, 3]);
    });

    it('selects every row id with select-all, across pages, and clears with a second click', async () => {
      const onSelectionChange = vi.fn();
      renderWithProviders(
        <DataTable columns={columns} rows={makeRows(7)} isSelectable onSelectionChange={onSelectionChange} />,
      );
      const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
      await userEvent.click(selectAll);
      expect(onSelectionChange).toHaveBeenLastCalledWith([1, 2, 3, 4, 5, 6, 7]);
      expect(screen.getByText('7 selected')).toBeInTheDocument();
      await userEvent.click(selectAll);
      expect(onSelectionChange).toHaveBeenLastCalledWith([]);
      expect(screen.getByText('Table')).toBeInTheDocument();
    });

    it('marks select-all as partly checked when some rows are selected', async () => {
      renderWithProviders(<DataTable columns={columns} rows={makeRows(3)} isSelectable />);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select 2' }));
      expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute(
        'data-indeterminate',
        'true',
      );
    });

    it('opens the filter popover from "Filter list"', async () => {
      renderWithProviders(
        <DataTable columns={columns} rows={makeRows(3)} filterContent={<p>Only active suppliers</p>} />,
      );
      const filterButton = screen.getByRole('button', { name: 'Filter list' });
      await userEvent.hover(filterButton);
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Filter list');
      await userEvent.click(filterButton);
      expect(await screen.findByText('Only active suppliers')).toBeInTheDocument();
    });
  });
});
