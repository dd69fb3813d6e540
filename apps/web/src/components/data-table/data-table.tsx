import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { getNextSort, sortRows, type SortOrder } from './sort-rows';

export type RowId = string | number;

type FieldColumn<Row, Key extends keyof Row & string> = {
  id: Key;
  label: string;
  numeric?: boolean;
  /** Turns the cell value into what is shown. */
  format?: (value: Row[Key], row: Row) => ReactNode;
  /** Renders the whole cell; wins over format. */
  render?: (row: Row) => ReactNode;
  isSortable?: boolean;
};

type ActionsColumn<Row> = {
  /** The special column with an edit and a delete button per row (001 section 2). */
  id: 'actions';
  label: string;
  numeric?: boolean;
  render?: (row: Row) => ReactNode;
};

export type DataTableColumn<Row> =
  { [Key in keyof Row & string]: FieldColumn<Row, Key> }[keyof Row & string] | ActionsColumn<Row>;

/** Rows-per-page options of 001 section 9; the first is the initial size. */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25] as const;
/** The generic pager's options of 001 section 9, for lists paged on the server. */
export const PAGER_ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const NO_DATA_TEXT = 'No data available';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export type DataTableSortState = { orderBy: string; order: SortOrder };

/**
 * Server mode, paging: the parent owns the page (from 0) and its size and fetches the rows of
 * that page; the table shows them as given and reads the range from `totalCount`.
 */
export type DataTablePagination = {
  page: number;
  rowsPerPage: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** The parent goes back to the first page as well (001 section 2). */
  onRowsPerPageChange: (rowsPerPage: number) => void;
  /** Defaults to the generic pager's 10, 25, 50, 100. */
  rowsPerPageOptions?: readonly number[];
};

/** Server mode, sorting: the parent owns the sort and asks the server for rows in that order. */
export type DataTableSort = DataTableSortState & {
  onSortChange: (next: DataTableSortState) => void;
};

export type DataTableProps<Row extends { id: RowId }> = {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** Toolbar title when nothing is selected. */
  title?: string;
  /** Accessible name of the table; defaults to the title. */
  ariaLabel?: string;
  isSelectable?: boolean;
  onSelectionChange?: (ids: RowId[]) => void;
  /** Shows the toolbar Delete button while rows are selected. */
  onDeleteSelected?: (ids: RowId[]) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** Content of the optional filter popover behind "Filter list". */
  filterContent?: ReactNode;
  initialOrderBy?: string;
  initialOrder?: SortOrder;
  isLoading?: boolean;
  emptyContent?: ReactNode;
  maxHeight?: number | string;
  /** Half the cells' side padding, for wide lists that must fit the 1024 px shell. */
  isDense?: boolean;
  /** How a row is named for screen readers (checkbox and action labels). */
  getRowLabel?: (row: Row) => string;
  /**
   * Server mode: the rows are one page of the server's list. Without `sort` the columns are not
   * sortable then, since sorting one page would misrepresent the list's order.
   */
  pagination?: DataTablePagination;
  /** Server mode: the parent sorts (initialOrderBy and initialOrder are ignored). */
  sort?: DataTableSort;
};

function readCell<Row>(row: Row, column: DataTableColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  if (column.id === 'actions') return null;
  const field = column as FieldColumn<Row, keyof Row & string>;
  const value = row[field.id];
  if (field.format) return field.format(value, row);
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * The reusable table of 001 section 2: client-side sorting and paging over the given rows,
 * optional selection with select-all, a toolbar, an actions column and an empty state.
 * With `pagination` (and `sort`) the parent pages (and sorts) on the server instead (DESIGN 13);
 * the rows are then shown as given. In the actions column, Edit and Delete appear for the
 * handlers given, so a role that may not change a row sees neither.
 */
export function DataTable<Row extends { id: RowId }>({
  columns,
  rows,
  title = 'Table',
  ariaLabel,
  isSelectable = false,
  onSelectionChange,
  onDeleteSelected,
  onEdit,
  onDelete,
  filterContent,
  initialOrderBy = 'name',
  initialOrder = 'asc',
  isLoading = false,
  emptyContent = NO_DATA_TEXT,
  maxHeight = 640,
  isDense = false,
  getRowLabel = (row) => String(row.id),
  pagination,
  sort: serverSort,
}: DataTableProps<Row>) {
  const [clientSort, setClientSort] = useState<DataTableSortState>({
    orderBy: initialOrderBy,
    order: initialOrder,
  });
  const [clientPage, setClientPage] = useState(0);
  const [clientRowsPerPage, setClientRowsPerPage] = useState<number>(ROWS_PER_PAGE_OPTIONS[0]);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<RowId>>(() => new Set());
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);

  const isServerPaged = pagination !== undefined;
  // Sorting one page on the client would misstate the order of the whole list.
  const canSort = serverSort !== undefined || !isServerPaged;
  const sort: DataTableSortState = serverSort ?? clientSort;
  const changeSort = (columnId: string) => {
    const next = getNextSort(sort, columnId);
    if (serverSort) serverSort.onSortChange(next);
    else setClientSort(next);
  };

  const sortedRows = useMemo(
    () => (serverSort || isServerPaged ? [...rows] : sortRows(rows, clientSort.orderBy, clientSort.order)),
    [rows, clientSort, serverSort, isServerPaged],
  );
  const rowsPerPage = pagination?.rowsPerPage ?? clientRowsPerPage;
  const totalCount = pagination ? pagination.totalCount : rows.length;
  const lastPage = Math.max(0, Math.ceil(totalCount / rowsPerPage) - 1);
  const currentPage = Math.min(pagination?.page ?? clientPage, lastPage);
  const pageRows = isServerPaged
    ? sortedRows
    : sortedRows.slice(currentPage * rowsPerPage, currentPage * rowsPerPage + rowsPerPage);
  const rowsPerPageOptions =
    pagination?.rowsPerPageOptions ?? (isServerPaged ? PAGER_ROWS_PER_PAGE_OPTIONS : ROWS_PER_PAGE_OPTIONS);

  const rowIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const selected = [...selectedIds].filter((id) => rowIds.has(id));
  const selectedCount = selected.length;
  const columnCount = columns.length + (isSelectable ? 1 : 0);

  const updateSelection = (next: Set<RowId>) => {
    setSelectedIds(next);
    onSelectionChange?.([...next]);
  };

  const toggleAll = (checked: boolean) => {
    updateSelection(checked ? new Set(rows.map((row) => row.id)) : new Set());
  };

  const toggleRow = (id: RowId) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    updateSelection(next);
  };

  const openFilter = (event: MouseEvent<HTMLElement>) => setFilterAnchor(event.currentTarget);
  const tableLabel = ariaLabel ?? title;

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <Toolbar
        variant="dense"
        sx={[
          { pl: 2, pr: 1, gap: 1 },
          selectedCount > 0 && {
            bgcolor: 'action.selected',
          },
        ]}
      >
        {selectedCount > 0 ? (
          <Typography sx={{ flex: '1 1 100%' }} color="inherit" variant="subtitle1" component="div">
            {selectedCount} selected
          </Typography>
        ) : (
          <Typography sx={{ flex: '1 1 100%' }} variant="h6" component="div">
            {title}
          </Typography>
        )}
        {selectedCount > 0 && onDeleteSelected ? (
          <Tooltip title="Delete">
            <IconButton aria-label="Delete" onClick={() => onDeleteSelected(selected)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        {selectedCount === 0 && filterContent ? (
          <Tooltip title="Filter list">
            <IconButton aria-label="Filter list" onClick={openFilter}>
              <FilterListIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Toolbar>
      <Popover
        open={Boolean(filterAnchor)}
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, minWidth: 240 }}>{filterContent}</Box>
      </Popover>
      <Box sx={{ position: 'relative' }}>
        {/* A next page or a new sort on its way: the rows shown stay until it arrives. */}
        {isLoading && rows.length > 0 ? (
          <LinearProgress
            aria-label="Loading rows"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }}
          />
        ) : null}
        {/*
          The rows scroll inside this box (tall lists, and sideways below the table's minimum
          width), so it is a named region with a tab stop: keyboard users can scroll it with the
          arrow keys (axe "scrollable-region-focusable").
        */}
        <TableContainer
          role="region"
          aria-label={`${tableLabel}, scrollable`}
          tabIndex={0}
          sx={{
            maxHeight,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Table
            stickyHeader
            size="small"
            aria-label={tableLabel}
            sx={[
              { minWidth: 750 },
              isDense && {
                '& .MuiTableCell-root': { px: 1 },
                '& .MuiTableCell-root:first-of-type': { pl: 2 },
                '& .MuiTableCell-root:last-of-type': { pr: 2 },
              },
            ]}
          >
            <TableHead>
              <TableRow>
                {isSelectable ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      color="primary"
                      indeterminate={selectedCount > 0 && selectedCount < rows.length}
                      checked={rows.length > 0 && selectedCount === rows.length}
                      disabled={rows.length === 0}
                      onChange={(event) => toggleAll(event.target.checked)}
                      slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                    />
                  </TableCell>
                ) : null}
                {columns.map((column) => {
                  const isSortable =
                    canSort &&
                    column.id !== 'actions' &&
                    (column as { isSortable?: boolean }).isSortable !== false;
                  const isActive = canSort && sort.orderBy === column.id;
                  return (
                    <TableCell
                      key={column.id}
                      align={column.numeric ? 'right' : 'left'}
                      sortDirection={isActive ? sort.order : false}
                    >
                      {isSortable ? (
                        <TableSortLabel
                          active={isActive}
                          direction={isActive ? sort.order : 'asc'}
                          onClick={() => changeSort(column.id)}
                        >
                          {column.label}
                          {isActive ? (
                            <Box component="span" sx={visuallyHidden}>
                              {sort.order === 'desc' ? 'sorted descending' : 'sorted ascending'}
                            </Box>
                          ) : null}
                        </TableSortLabel>
                      ) : (
                        column.label
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && rows.length === 0
                ? Array.from({ length: 3 }, (_unused, index) => (
                    <TableRow key={`skeleton-${index}`}>
                      <TableCell colSpan={columnCount}>
                        <Skeleton variant="text" />
                      </TableCell>
                    </TableRow>
                  ))
                : null}
              {!isLoading && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {emptyContent}
                  </TableCell>
                </TableRow>
              ) : null}
              {pageRows.map((row) => {
                const isSelected = selectedIds.has(row.id);
                const rowLabel = getRowLabel(row);
                return (
                  <TableRow
                    hover
                    key={row.id}
                    selected={isSelectable && isSelected}
                    aria-selected={isSelectable ? isSelected : undefined}
                  >
                    {isSelectable ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          color="primary"
                          checked={isSelected}
                          onChange={() => toggleRow(row.id)}
                          slotProps={{ input: { 'aria-label': `Select ${rowLabel}` } }}
                        />
                      </TableCell>
                    ) : null}
                    {columns.map((column) =>
                      column.id === 'actions' ? (
                        <TableCell
                          key={column.id}
                          align={column.numeric ? 'right' : 'left'}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {column.render ? column.render(row) : null}
                          {onEdit ? (
                            <Tooltip title="Edit">
                              <IconButton
                                size="small"
                                aria-label={`Edit ${rowLabel}`}
                                onClick={() => onEdit(row)}
                              >
                                <EditIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          ) : null}
                          {onDelete ? (
                            <Tooltip title="Delete">
                              <IconButton
                                size="small"
                                aria-label={`Delete ${rowLabel}`}
                                onClick={() => onDelete(row)}
                              >
                                <DeleteIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          ) : null}
                        </TableCell>
                      ) : (
                        <TableCell key={column.id} align={column.numeric ? 'right' : 'left'}>
                          {readCell(row, column)}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <TablePagination
        component="div"
        rowsPerPageOptions={[...rowsPerPageOptions]}
        count={totalCount}
        rowsPerPage={rowsPerPage}
        page={currentPage}
        onPageChange={(_event, nextPage) => {
          if (pagination) pagination.onPageChange(nextPage);
          else setClientPage(nextPage);
        }}
        onRowsPerPageChange={(event) => {
          const next = Number(event.target.value);
          if (pagination) {
            pagination.onRowsPerPageChange(next);
          } else {
            setClientRowsPerPage(next);
            setClientPage(0);
          }
        }}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count}`}
      />
    </Paper>
  );
}
