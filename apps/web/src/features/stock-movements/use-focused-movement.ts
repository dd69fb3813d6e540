import { skipToken } from '@reduxjs/toolkit/query';
import type { TStockMovement } from '@app/contracts';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import type { DataTablePagination } from '../../components/data-table/data-table';
import { MOVEMENT_MESSAGES } from './messages';
import { useGetMovementQuery } from './stock-movements.api';

/** The address's parameter of the one movement to show (an alert's Open links to it). */
export const MOVEMENT_PARAM = 'movement';

const NO_ROWS: readonly TStockMovement[] = [];

/**
 * The movement `?movement=<id>` names, read on its own (the list has no filter by id), as the
 * table's only row; `leave` drops the parameter and the whole list shows again.
 */
export function useFocusedMovement(rowsPerPage: number) {
  const [params, setParams] = useSearchParams();
  const id = params.get(MOVEMENT_PARAM);
  const result = useGetMovementQuery(id ?? skipToken);
  const movement = id ? result.currentData : undefined;
  const rows = movement ? [movement] : NO_ROWS;
  const pagination: DataTablePagination = {
    page: 0,
    rowsPerPage,
    totalCount: rows.length,
    onPageChange: () => undefined,
    onRowsPerPageChange: () => undefined,
  };
  const leave = () => {
    if (!id) return;
    setParams(
      (current) => {
        const following = new URLSearchParams(current);
        following.delete(MOVEMENT_PARAM);
        return following;
      },
      { replace: true },
    );
  };
  return {
    id,
    movement,
    rows,
    pagination,
    isFetching: result.isFetching,
    error: id && result.isError ? getErrorMessage(result.error, MOVEMENT_MESSAGES.fetchOne) : null,
    leave,
  };
}
