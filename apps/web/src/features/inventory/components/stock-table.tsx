import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExposureIcon from '@mui/icons-material/Exposure';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/Restore';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TStockRow } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
} from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/list-controls';

export type StockPermissions = {
  /** Add stock records and upload spreadsheets. */
  canCreate: boolean;
  /** Adjust and count. */
  canAdjust: boolean;
  /** Retire and reactivate. */
  canUpdate: boolean;
  canDelete: boolean;
  /** See what the stock is worth (inventory:value). */
  canSeeValue: boolean;
};

export type StockRowAction = 'adjust' | 'count' | 'history' | 'retire' | 'reactivate' | 'delete';

const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/** 5.9:1 on white, 5.5:1 on the hovered row. */
const LOW_STOCK_LIGHT = '#a04400';

export function LowStockBadge() {
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label="Low stock"
      // MUI's warning shades are too light for small text on white (AA needs 4.5:1): a deeper
      // amber in light mode, the main shade on the dark background.
      sx={[
        {
          fontWeight: 500,
          color: LOW_STOCK_LIGHT,
          borderColor: LOW_STOCK_LIGHT,
          '& .MuiChip-icon': { color: 'inherit' },
        },
        (theme) => theme.applyStyles('dark', { color: 'warning.main', borderColor: 'warning.main' }),
      ]}
    />
  );
}

function StatusChip({ isActive }: { isActive: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isActive ? 'success' : 'default'}
      label={isActive ? 'Active' : 'Retired'}
    />
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

type StockTableProps = {
  title: string;
  rows: readonly TStockRow[];
  isLoading: boolean;
  pagination: DataTablePagination;
  permissions: StockPermissions;
  emptyContent: ReactNode;
  onAction: (action: StockRowAction, row: TStockRow) => void;
};

/** The location's stock: one row per item, with what is on its way and its row actions. */
export function StockTable({
  title,
  rows,
  isLoading,
  pagination,
  permissions,
  emptyContent,
  onAction,
}: StockTableProps) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: TStockRow } | null>(null);
  const hasMenu = permissions.canUpdate || permissions.canDelete;
  const closeMenu = () => setMenu(null);
  const pick = (action: StockRowAction) => {
    if (menu) onAction(action, menu.row);
    closeMenu();
  };

  // SKU and barcode share a cell, as on the products list, so the table fits the 1024 px shell.
  const columns: DataTableColumn<TStockRow>[] = [
    {
      id: 'sku',
      label: 'SKU / Barcode',
      render: (row) => (
        <Box sx={{ maxWidth: 140 }}>
          <Typography variant="body2" title={row.sku} noWrap sx={{ fontWeight: 500 }}>
            {row.sku}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {row.barcode ?? 'No barcode'}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'productName',
      label: 'Product',
      render: (row) => (
        <Typography variant="body2" title={row.productName} sx={{ minWidth: 120, ...TWO_LINES }}>
          {row.productName}
        </Typography>
      ),
    },
    {
      id: 'quantity',
      label: 'Quantity',
      numeric: true,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
          {row.isLowStock ? <LowStockBadge /> : null}
          <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {row.quantity}
          </Box>
        </Box>
      ),
    },
    {
      id: 'inTransitIn',
      label: 'In transit',
      numeric: true,
      // Only the directions that carry units: "24 in", "12 out", or both on two lines.
      render: (row) =>
        row.inTransitIn === 0 && row.inTransitOut === 0 ? (
          <Muted>—</Muted>
        ) : (
          <Box
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            aria-label={`${row.inTransitIn} on the way in, ${row.inTransitOut} on the way out`}
          >
            {row.inTransitIn > 0 ? <div>{row.inTransitIn} in</div> : null}
            {row.inTransitOut > 0 ? <div>{row.inTransitOut} out</div> : null}
          </Box>
        ),
    },
    {
      id: 'reorderPoint',
      label: 'Reorder point',
      numeric: true,
      render: (row) => (row.reorderPoint === null ? <Muted>—</Muted> : row.reorderPoint),
    },
    { id: 'active', label: 'Status', render: (row) => <StatusChip isActive={row.active} /> },
    {
      id: 'actions',
      label: 'Actions',
      render: (row) => (
        <>
          {permissions.canAdjust ? (
            <>
              <RowAction
                title="Adjust"
                rowLabel={row.sku}
                icon={<ExposureIcon fontSize="small" />}
                onClick={() => onAction('adjust', row)}
              />
              <RowAction
                title="Count"
                rowLabel={row.sku}
                icon={<FactCheckOutlinedIcon fontSize="small" />}
                onClick={() => onAction('count', row)}
              />
            </>
          ) : null}
          <RowAction
            title="History"
            rowLabel={row.sku}
            icon={<HistoryIcon fontSize="small" />}
            onClick={() => onAction('history', row)}
          />
          {hasMenu ? (
            <Tooltip title="More actions">
              <IconButton
                size="small"
                aria-label={`More actions for ${row.sku}`}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ anchor: event.currentTarget, row })}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];

  const menuRow = menu?.row;
  return (
    <>
      <DataTable
        title={title}
        ariaLabel="Stock"
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        getRowLabel={(row) => row.sku}
        pagination={pagination}
        isDense
        emptyContent={emptyContent}
      />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={closeMenu}>
        {menuRow && permissions.canUpdate ? (
          <MenuItem onClick={() => pick(menuRow.active ? 'retire' : 'reactivate')}>
            <ListItemIcon>
              {menuRow.active ? (
                <UnpublishedOutlinedIcon fontSize="small" />
              ) : (
                <RestoreIcon fontSize="small" />
              )}
            </ListItemIcon>
            {menuRow.active ? 'Retire' : 'Reactivate'}
          </MenuItem>
        ) : null}
        {menuRow && permissions.canDelete ? (
          <MenuItem onClick={() => pick('delete')} disabled={menuRow.quantity !== 0}>
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary="Delete"
              secondary={menuRow.quantity !== 0 ? 'Only at 0 units' : undefined}
            />
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
