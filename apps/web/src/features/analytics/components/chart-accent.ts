import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Palette } from '@mui/material/styles';

/**
 * The palette of the colour scheme on screen. MUI X Charts picks its palette from the theme's
 * JavaScript mode, which stays 'light' when the scheme follows the system through CSS: on a dark
 * screen the line kept the light scheme's dark blue (3.2:1 on the card) instead of the dark accent
 * the rest of the page uses.
 */
function useSchemePalette(): Palette {
  const theme = useTheme();
  const { colorSchemes } = theme as typeof theme & {
    colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>>;
  };
  const isDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return colorSchemes?.[isDark ? 'dark' : 'light']?.palette ?? theme.palette;
}

/** The accent of the colour scheme on screen, for a chart's main series. */
export function useChartAccent(): string {
  return useSchemePalette().primary.main;
}

/** The scheme's error colour, for bars below zero (a margin lost). */
export function useChartNegative(): string {
  return useSchemePalette().error.main;
}
