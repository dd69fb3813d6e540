import { act, screen } from '@testing-library/react';
import { getContrastRatio, type Palette } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { renderWithProviders } from '../test/render';
import {
  AppToastContainer,
  DRAG_DISMISS_PERCENT,
  MIN_TOAST_CONTRAST,
  SUCCESS_TOAST_MS,
  TOAST_AUTO_CLOSE_MS,
  TOAST_TYPES,
  getToastColors,
  notifySuccess,
} from './toast';

const schemes = (theme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> })
  .colorSchemes;

describe(getToastColors.name, () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`gives every toast type AA contrast from the ${scheme} palette`, () => {
      const colors = getToastColors(schemes[scheme].palette);
      for (const type of TOAST_TYPES) {
        const { background, text } = colors[type];
        expect(getContrastRatio(background, text), `${scheme} ${type}`).toBeGreaterThanOrEqual(
          MIN_TOAST_CONTRAST,
        );
      }
    });
  }

  it('takes the colours from the theme, not react-toastify’s defaults', () => {
    const colors = getToastColors(schemes.light.palette);
    expect(colors.success.background).toBe(schemes.light.palette.success.dark);
    expect(colors.error.background).toBe(schemes.light.palette.error.dark);
    expect(colors.success.background).not.toBe('#07bc0c');
  });
});

describe(AppToastContainer.name, () => {
  it('keeps the specification’s timings', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(SUCCESS_TOAST_MS).toBe(2000);
    expect(DRAG_DISMISS_PERCENT).toBe(80);
  });

  it('sets the theme’s toast colours for light and dark', async () => {
    renderWithProviders(<AppToastContainer />);
    act(() => notifySuccess('Saved.'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    const light = getToastColors(schemes.light.palette);
    const dark = getToastColors(schemes.dark.palette);
    expect(css).toContain(`--toastify-color-success:${light.success.background}`);
    expect(css).toContain(`--toastify-text-color-success:${light.success.text}`);
    expect(css).toMatch(/@media \(prefers-color-scheme: ?dark\)/);
    expect(css).toContain(`--toastify-color-error:${dark.error.background}`);
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });
});
