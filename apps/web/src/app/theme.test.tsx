import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { Palette } from '@mui/material/styles';
import { FormTextField } from '../components/form-text-field';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { APP_BAR_HEIGHT } from './theme';

function styles(): string {
  return [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
}

const RING = /outline:2px solid var\(--mui-palette-primary-main\);outline-offset:2px/;

describe('theme focus ring', () => {
  it('gives buttons, icon buttons, checkboxes, links and inputs a 2 px accent ring', () => {
    renderWithProviders(
      <>
        <Button>Save</Button>
        <IconButton aria-label="Menu">M</IconButton>
        <Checkbox slotProps={{ input: { 'aria-label': 'Pick' } }} />
        <Link href="/terms">Terms</Link>
        <FormTextField label="Name" />
      </>,
    );
    const css = styles();
    expect(css).toMatch(new RegExp(`\\.Mui-focusVisible\\{${RING.source}`));
    expect(css).toMatch(new RegExp(`:focus-visible\\{${RING.source}`));
    expect(css).toMatch(new RegExp(`\\.Mui-focused:has\\(:focus-visible\\)\\{${RING.source}`));
  });

  it("rings an outlined field with its own border, so the ring keeps out of the label's notch", () => {
    const { container } = renderWithProviders(<FormTextField label="Name" />);
    const root = container.querySelector('.MuiOutlinedInput-root')!;
    const rootRules = styles()
      .split('}')
      .filter((rule) =>
        [...root.classList].some((name) => name.startsWith('css-') && rule.includes(`.${name}`)),
      );
    expect(rootRules.join('}')).toMatch(/\.Mui-focused:has\(:focus-visible\)\{outline:none;/);
    expect(rootRules.join('}')).toMatch(/\.Mui-focused \.MuiOutlinedInput-notchedOutline\{border-width:2px;/);
  });

  it('keeps an alert scrolled into view below the top bar', () => {
    renderWithProviders(<p>Page</p>);
    expect(styles()).toContain(`[role="alert"]{scroll-margin-top:${APP_BAR_HEIGHT}px;}`);
  });
});

describe('theme contrast', () => {
  it('puts AA-contrast text on the dark scheme red (destructive confirmations)', async () => {
    const { theme } = await import('./theme');
    const { getContrastRatio } = await import('@mui/material/styles');
    // createTheme keeps each scheme's palette; the Theme type does not declare them.
    const schemes = (theme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> })
      .colorSchemes;
    const dark = schemes.dark.palette;
    expect(getContrastRatio(dark.error.main, dark.error.contrastText)).toBeGreaterThanOrEqual(4.5);
    const light = schemes.light.palette;
    expect(getContrastRatio(light.error.main, light.error.contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps AA-contrast text on a hovered contained button in the dark scheme (its darker shade)', async () => {
    const { theme } = await import('./theme');
    const { getContrastRatio } = await import('@mui/material/styles');
    const dark = (theme as unknown as { colorSchemes: Record<'dark', { palette: Palette }> }).colorSchemes
      .dark.palette;
    for (const color of [dark.primary, dark.error]) {
      expect(getContrastRatio(color.main, color.contrastText)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(color.dark, color.contrastText)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
