import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

type LoadingProps = {
  /** Fill the whole viewport (route-level waits) instead of the surrounding box. */
  fullScreen?: boolean;
};

/** The loading indicator of 000 section 2, with the text "Loading". */
export function Loading({ fullScreen = false }: LoadingProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        py: 6,
        minHeight: fullScreen ? '100vh' : undefined,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={20} aria-hidden="true" />
      <Typography variant="body2">Loading</Typography>
    </Box>
  );
}
