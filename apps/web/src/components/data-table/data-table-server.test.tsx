import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn, type DataTableSortState } from './data-table';

type Product = { id: number; name: string; price: number };

const columns: DataTableColumn<Product>[] = [
  { id: 'name', label: 'Name' },
  { id: 'price', label: 'Price', numeric: true },
  { id: 'actions', label: 'Actions' },
];

/** What a server would answer for one page of 42 products, in the order asked. */
function serverPage(page: number, size: number, sort: DataTableSortState): Product[] {
  const all = Array.from({ length: 42 }, (_unused, index) => ({
    id: index + 1,
    name: `Product ${String(index + 1).padStart(2, '0')}`,
    price: 100 - index,
  }));
  const key = sort.orderBy as keyof Product;
  const sorted = [...all].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  if (sort.order === 'desc') sorted.reverse();
  return sorted.slice(page * size, page * size + size);
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

/** A parent that owns paging and sorting, as a page with a server-paged list does. */
function ServerPagedTable({
  onFetch,
}: {
  onFetch: (page: number, size: number, sort: DataTableSortState) => void;
}) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [sort, setSort] = useState<DataTableSortState>({ orderBy: 'name', order: 'asc' });
  onFetch(page, size, sort);
  return (
    <DataTable
      columns={columns}
      rows={serverPage(page, size, sort)}
      pagination={{
        page,
        rowsPerPage: size,
        totalCount: 42,
        onPageChange: setPage,
        onRowsPerPageChange: (next) => {
          setSize(next);
          setPage(0);
        },
      }}
      sort={{ ...sort, onSortChange: setSort }}
    />
  );
}

describe('DataTable in server mode', () => {
  it('shows the rows as given, without sorting or slicing them, and the range of the total', () => {
    const rows: Product[] = [
      { id: 3, name: 'Charlie', price: 1 },
      { id: 1, name: 'Alpha', price: 3 },
    ];
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        pagination={{
          page: 2,
          rowsPerPage: 10,
          totalCount: 22,
          onPageChange: vi.fn(),
          onRowsPerPageChange: vi.fn(),
        }}
        sort={{ orderBy: 'name', order: 'asc', onSortChange: vi.fn() }}
      />,
    );
    expect(firstCells()).toEqual(['Charlie', 'Alpha']);
    expect(screen.getByText('21–22 of 22')).toBeInTheDocument();
  });

  it('asks the parent for the next page and for another page size, offering 10, 25, 50 and 100', async () => {
    const onFetch = vi.fn();
    renderWithProviders(<ServerPagedTable onFetch={onFetch} />);
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onFetch).toHaveBeenLastCalledWith(1, 10, { orderBy: 'name', order: 'asc' });
    expect(screen.getByText('11–20 of 42')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Product 11');

    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(onFetch).toHaveBeenLastCalledWith(0, 25, { orderBy: 'name', order: 'asc' });
    expect(screen.getByText('1–25 of 42')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
  });

  it('hands sorting to the parent with the rule of 001 section 2', async () => {
    const onFetch = vi.fn();
    renderWithProviders(<ServerPagedTable onFetch={onFetch} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onFetch).toHaveBeenLastCalledWith(0, 10, { orderBy: 'name', order: 'desc' });
    expect(firstCells()[0]).toBe('Product 42');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /Price/ }));
    expect(onFetch).toHaveBeenLastCalledWith(0, 10, { orderBy: 'price', order: 'asc' });
    expect(firstCells()[0]).toBe('Product 42');
  });

  it('takes other pager options when given', async () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={[{ id: 1, name: 'Alpha', price: 3 }]}
        pagination={{
          page: 0,
          rowsPerPage: 5,
          totalCount: 1,
          rowsPerPageOptions: [5, 10, 25],
          onPageChange: vi.fn(),
          onRowsPerPageChange: vi.fn(),
        }}
      />,
    );
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10', '25']);
  });

  it('offers no sorting when the parent pages but does not sort', () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={[
          { id: 2, name: 'Bravo', price: 2 },
          { id: 1, name: 'Alpha', price: 3 },
        ]}
        pagination={{
          page: 0,
          rowsPerPage: 10,
          totalCount: 2,
          onPageChange: vi.fn(),
          onRowsPerPageChange: vi.fn(),
        }}
      />,
    );
    expect(firstCells()).toEqual(['Bravo', 'Alpha']);
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();
  });

  it('keeps the rows shown while the next page loads, with a progress bar', () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={[{ id: 1, name: 'Alpha', price: 3 }]}
        isLoading
        pagination={{
          page: 0,
          rowsPerPage: 10,
          totalCount: 11,
          onPageChange: vi.fn(),
          onRowsPerPageChange: vi.fn(),
        }}
      />,
    );
    expect(firstCells()).toEqual(['Alpha']);
    expect(screen.getByRole('progressbar', { name: 'Loading rows' })).toBeInTheDocument();
  });

  it('shows the empty state and "0–0 of 0" for an empty server list', () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={[]}
        emptyContent="No products yet."
        pagination={{
          page: 0,
          rowsPerPage: 10,
          totalCount: 0,
          onPageChange: vi.fn(),
          onRowsPerPageChange: vi.fn(),
        }}
      />,
    );
    expect(screen.getByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });
});

describe('DataTable actions column', () => {
  it('shows only the buttons whose handlers are given', () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={[{ id: 1, name: 'Alpha', price: 3 }]}
        onEdit={vi.fn()}
        getRowLabel={(row) => row.name}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit Alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Alpha' })).toBeNull();
  });
});
