import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin accent bar at the very top while a route's code or data loads. Plain CSS (no
 * LinearProgress), so it costs the first load almost nothing.
 */
export function NavigationProgress() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        overflow: 'hidden',
        pointerEvents: 'none',
        bgcolor: 'transparent',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.8 },
        }}
      />
    </Box>
  );
}
