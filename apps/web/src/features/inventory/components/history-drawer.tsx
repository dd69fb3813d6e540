import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { OPENING_REFERENCE, type TLedgerEntry, type TStockRow } from '@app/contracts';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { useListLedgerQuery } from '../inventory.api';
import { CAUSE_LABELS, INVENTORY_MESSAGES, OPENING_LABEL, REASON_LABELS } from '../messages';
import { formatDelta } from './item-summary';

const PAGE_SIZE = 20;
const DRAWER_WIDTH = 600;

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The day and the time of an instant, shown on two lines to leave room for what happened. */
export function formatWhen(iso: string): { day: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: iso, time: '' };
  return { day: DAY.format(date), time: TIME.format(date) };
}

const isOpening = (entry: TLedgerEntry) => entry.reason === 'COUNT' && entry.reference === OPENING_REFERENCE;

/** "Adjustment · Damaged": the reason, and for an adjustment the cause picked. */
export function describeReason(entry: TLedgerEntry): string {
  // The quantity a record was opened with is a COUNT row nobody counted: said as what it is.
  if (isOpening(entry)) return OPENING_LABEL;
  const reason = REASON_LABELS[entry.reason];
  return entry.cause ? `${reason} · ${CAUSE_LABELS[entry.cause]}` : reason;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MOVEMENT_REASONS: ReadonlySet<string> = new Set(['MOVEMENT_OUT', 'MOVEMENT_IN', 'MOVEMENT_RETURN']);

/**
 * What the reference points at, short enough to read: a whole UUID means nothing to a shop owner,
 * while "Transfer E196FDAC" matches the transfer document's file name (transfer-e196fdac.pdf).
 */
export function describeReference(entry: TLedgerEntry): string | null {
  if (!entry.reference || isOpening(entry)) return null;
  if (!UUID.test(entry.reference)) return `Ref. ${entry.reference}`;
  const short = entry.reference.slice(0, 8).toUpperCase();
  if (MOVEMENT_REASONS.has(entry.reason)) return `Transfer ${short}`;
  if (entry.reason === 'UPLOAD') return `Upload ${short}`;
  return `Ref. ${short}`;
}

function LedgerRow({ entry }: { entry: TLedgerEntry }) {
  const reference = describeReference(entry);
  // The whole reference stays in the tooltip, for whoever needs to look it up.
  const details = [
    entry.note ? { key: 'note', text: entry.note, title: entry.note } : null,
    reference ? { key: 'reference', text: reference, title: entry.reference ?? reference } : null,
  ].filter((detail) => detail !== null);
  const when = formatWhen(entry.createdAt);
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        <Typography variant="body2">{when.day}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {when.time}
        </Typography>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', maxWidth: 220 }}>
        <Typography variant="body2">{describeReason(entry)}</Typography>
        {details.map((detail) => (
          <Typography
            key={detail.key}
            variant="caption"
            color="text.secondary"
            component="div"
            title={detail.title}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {detail.text}
          </Typography>
        ))}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        {entry.userName ?? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {entry.userId ? 'A colleague' : 'System'}
          </Box>
        )}
      </TableCell>
      <TableCell
        align="right"
        sx={{
          verticalAlign: 'top',
          fontWeight: 600,
          whiteSpace: 'nowrap',
          color: entry.delta > 0 ? 'success.main' : entry.delta < 0 ? 'error.main' : 'text.secondary',
        }}
      >
        {formatDelta(entry.delta)}
      </TableCell>
      <TableCell align="right" sx={{ verticalAlign: 'top' }}>
        {entry.quantityAfter}
      </TableCell>
    </TableRow>
  );
}

type HistoryDrawerProps = { item: TStockRow | null; locationName: string; onClose: () => void };

/** The item's ledger, newest first, page by page: every change that explains its quantity. */
export function HistoryDrawer({ item, locationName, onClose }: HistoryDrawerProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={item !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: `min(${DRAWER_WIDTH}px, 100vw)` }, role: 'dialog', 'aria-labelledby': titleId },
      }}
    >
      {item ? (
        <HistoryContent
          key={item.id}
          item={item}
          locationName={locationName}
          titleId={titleId}
          onClose={onClose}
        />
      ) : null}
    </Drawer>
  );
}

function HistoryContent({
  item,
  locationName,
  titleId,
  onClose,
}: {
  item: TStockRow;
  locationName: string;
  titleId: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const ledger = useListLedgerQuery({ id: item.id, page, size: PAGE_SIZE });
  const entries = ledger.currentData?.content ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 2.5, pb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            Stock history
          </Typography>
          <Typography sx={{ fontWeight: 500 }} noWrap title={item.productName}>
            {item.productName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.sku} at {locationName} · {item.quantity} in stock now
          </Typography>
        </Box>
        <IconButton aria-label="Close history" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {ledger.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void ledger.refetch()}>
                Retry
              </Button>
            }
          >
            {getErrorMessage(ledger.error, INVENTORY_MESSAGES.ledger)}
          </Alert>
        ) : null}
        <Table size="small" stickyHeader aria-label={`History of ${item.sku}`}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Who</TableCell>
              <TableCell align="right">Change</TableCell>
              <TableCell align="right">Quantity</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ledger.isFetching && entries.length === 0
              ? Array.from({ length: 4 }, (_unused, index) => (
                  <TableRow key={index}>
                    <TableCell colSpan={5}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {!ledger.isFetching && !ledger.isError && entries.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  No changes recorded yet.
                </TableCell>
              </TableRow>
            ) : null}
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </TableBody>
        </Table>
      </Box>
      <Divider />
      <TablePagination
        component="div"
        count={ledger.currentData?.totalElements ?? ledger.data?.totalElements ?? 0}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count }) =>
          `${from}–${to} of ${count} ${count === 1 ? 'change' : 'changes'}`
        }
      />
    </Box>
  );
}
