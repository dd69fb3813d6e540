import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { SCROLL_TO_TOP_THRESHOLD } from '../hooks/use-has-scrolled-past';

/** A button that returns to the top once the page is scrolled more than 100 px. */
export function ScrollToTop() {
  const isVisible = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TO_TOP_THRESHOLD });
  return (
    <Zoom in={isVisible} unmountOnExit>
      <Fab
        size="small"
        color="primary"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, right: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
