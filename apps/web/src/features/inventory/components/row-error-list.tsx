import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TRowError } from '@app/contracts';

/** The rows of a refused sheet to fix, numbered as the sheet shows them (header = row 1). */
export function RowErrorList({ rows, total }: { rows: readonly TRowError[]; total: number }) {
  return (
    <Box>
      <TableContainer
        tabIndex={0}
        aria-label="Rows to fix"
        sx={{ maxHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label="Rows to fix">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>Row</TableCell>
              <TableCell sx={{ width: 112 }}>Column</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((error, index) => (
              <TableRow key={`${error.row}-${error.column ?? ''}-${index}`}>
                <TableCell>{error.row}</TableCell>
                <TableCell>{error.column ?? '—'}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > rows.length ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Showing the first {rows.length} of {total} problems. Fix these and upload again to see the rest.
        </Typography>
      ) : null}
    </Box>
  );
}
