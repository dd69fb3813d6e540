import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PRODUCT_TITLE = 'Retail Back-Office';

type BrandLogoProps = {
  /** Shows the product title next to the mark. */
  hasTitle?: boolean;
  size?: number;
};

/** The product mark: a shop front in the accent colour. */
export function BrandLogo({ hasTitle = true, size = 28 }: BrandLogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden="true"
        sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}
      >
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M9 12.5 16 8l7 4.5V23a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path d="M13.5 24v-6h5v6" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      </Box>
      {hasTitle ? (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: '1rem', letterSpacing: '-0.01em', color: 'text.primary' }}
        >
          {PRODUCT_TITLE}
        </Typography>
      ) : null}
    </Box>
  );
}
