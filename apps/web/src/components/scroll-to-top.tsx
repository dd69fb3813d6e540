import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useEffect, useRef, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD } from '../hooks/use-has-scrolled-past';
import { COOKIE_BAR_HEIGHT_VARIABLE } from '../ui/cookie-settings';

/** Distance from the window's right and bottom edges (above the cookie bar while it shows). */
export const SCROLL_TO_TOP_GAP = 24;
const SIZE = 40;
/** The buttons the scroll-to-top button must never cover: a form's submit button. */
const PRIMARY_ACTIONS = 'button[type="submit"], [data-primary-action]';

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether a primary button sits where the scroll-to-top button would be. */
function isSpotTaken(spot: Box): boolean {
  return [...document.querySelectorAll(PRIMARY_ACTIONS)].some((element) =>
    overlaps(spot, element.getBoundingClientRect()),
  );
}

/** Where the button is, from the window and the cookie bar's height. */
function readSpot(): Box {
  const barHeight =
    Number.parseFloat(
      getComputedStyle(document.documentElement).getPropertyValue(COOKIE_BAR_HEIGHT_VARIABLE),
    ) || 0;
  const bottom = window.innerHeight - SCROLL_TO_TOP_GAP - barHeight;
  const right = document.documentElement.clientWidth - SCROLL_TO_TOP_GAP;
  // A little margin around it, so it does not touch a button either.
  return { left: right - SIZE - 8, top: bottom - SIZE - 8, right: right + 8, bottom: bottom + 8 };
}

/**
 * A button that returns to the top once the page is scrolled more than 100 px. It rises above the
 * cookie bar, and steps aside while a form's primary button is in its spot.
 */
export function ScrollToTop() {
  const isScrolled = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TO_TOP_THRESHOLD });
  const [isBlocked, setIsBlocked] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    const check = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => setIsBlocked(isSpotTaken(readSpot())));
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame.current);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  return (
    <Zoom in={isScrolled && !isBlocked} unmountOnExit>
      <Fab
        size="small"
        color="primary"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{
          position: 'fixed',
          bottom: `calc(${SCROLL_TO_TOP_GAP}px + var(${COOKIE_BAR_HEIGHT_VARIABLE}, 0px))`,
          right: SCROLL_TO_TOP_GAP,
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
