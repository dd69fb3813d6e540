import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Shot, ShotDetail } from '../site-page';
import { SCREENSHOTS } from '../screenshots';

/** The widths `npm run screenshots:site` writes of every screen. */
const WIDTHS = [640, 960, 1280] as const;

type ScreenshotProps = {
  shot: Shot;
  /** The page's first image: fetched early, never lazily (it is what a visitor sees first). */
  isHero?: boolean;
  /** The width the image takes from md up (CSS), for the browser's choice of file. */
  desktopWidth: string;
};

const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;

/**
 * How a detail is cut out of its screen: the frame takes the detail's proportions and the image,
 * scaled up by screen width / detail width, is moved so that the detail fills the frame.
 */
function detailStyles(detail: ShotDetail, screenWidth: number) {
  return {
    frame: { position: 'relative', aspectRatio: `${detail.width} / ${detail.height}`, overflow: 'hidden' },
    image: {
      position: 'absolute',
      maxWidth: 'none',
      width: percent(screenWidth / detail.width),
      left: percent(-detail.x / detail.width),
      top: percent(-detail.y / detail.height),
    },
  } as const;
}

/**
 * A screen of the real app in a plain window frame, or a detail of it (`shot.detail`). Width and
 * height are written on the image, so the page keeps its layout while it loads; below the first
 * screen images load lazily.
 */
export function Screenshot({ shot, isHero = false, desktopWidth }: ScreenshotProps) {
  const { width, height, version } = SCREENSHOTS[shot.name];
  const fileOf = (w: number) => `/site/${shot.name}-${w}.webp?v=${version}`;
  const detail = shot.detail ? detailStyles(shot.detail, width) : null;
  // A detail shows the image this many times wider than its frame: the browser picks the file for that.
  const zoom = shot.detail ? Math.round((width / shot.detail.width) * 100) / 100 : 1;
  const shown = (size: string) => (zoom === 1 ? `calc(${size})` : `calc((${size}) * ${zoom})`);
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Box
        sx={{
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          bgcolor: 'background.paper',
          boxShadow: '0 12px 32px -12px rgb(15 23 42 / 0.25)',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{ display: 'flex', gap: 0.75, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {[0, 1, 2].map((dot) => (
            <Box key={dot} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'divider' }} />
          ))}
        </Box>
        <Box sx={detail?.frame}>
          <Box
            component="img"
            src={fileOf(1280)}
            srcSet={WIDTHS.map((w) => `${fileOf(w)} ${w}w`).join(', ')}
            sizes={`(min-width: 900px) ${shown(desktopWidth)}, ${shown('100vw - 32px')}`}
            width={width}
            height={height}
            alt={shot.alt}
            loading={isHero ? 'eager' : 'lazy'}
            fetchPriority={isHero ? 'high' : 'auto'}
            decoding="async"
            sx={{ display: 'block', width: '100%', height: 'auto', ...detail?.image }}
          />
        </Box>
      </Box>
      {shot.caption ? (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {shot.caption}
        </Typography>
      ) : null}
    </Box>
  );
}
