import Typography from '@mui/material/Typography';

/** A report's summary as the server wrote it: plain text, its paragraphs on lines of their own. */
export function ReportSummary({ text }: { text: string }) {
  return (
    <Typography variant="body1" sx={{ whiteSpace: 'pre-line', maxWidth: '75ch' }}>
      {text}
    </Typography>
  );
}
