import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../components/router-link';
import {
  CARD_GRID_SX,
  LEAD_SX,
  PAGE_TITLE_SX,
  SECTION_TITLE_SX,
} from '../../features/marketing/marketing-styles';
import type { CallToAction, FeatureRow, ProductPage, TextItem } from '../site-page';
import { Screenshot } from './screenshot';
import { StoreLookup } from './store-lookup';

/**
 * A question that opens in place. The browser's triangle hangs outside the text and meets the
 * screen's edge on a phone; a chevron at the end of the row replaces it and turns when open.
 */
const QUESTION_SX = {
  borderBottom: 1,
  borderColor: 'divider',
  '& > summary': {
    cursor: 'pointer',
    py: 2,
    fontWeight: 600,
    listStyle: 'none',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 2,
  },
  '& > summary::-webkit-details-marker': { display: 'none' },
  '& > summary::after': {
    content: '""',
    flexShrink: 0,
    width: 8,
    height: 8,
    mr: 0.75,
    borderRight: 2,
    borderBottom: 2,
    borderColor: 'text.secondary',
    transform: 'translateY(-25%) rotate(45deg)',
    transition: 'transform 150ms',
  },
  '&[open] > summary': { pb: 1 },
  '&[open] > summary::after': { transform: 'translateY(25%) rotate(-135deg)' },
  '@media (prefers-reduced-motion: reduce)': { '& > summary::after': { transition: 'none' } },
} as const;

/** A page of the product: hero, who it is for, how it works, features, questions, closing. */
export function ProductPageView({ page }: { page: ProductPage }) {
  return (
    <>
      {page.hasStoreLookup ? <StoreLookup /> : null}
      <Box
        component="section"
        aria-labelledby="page-title"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container
          maxWidth="lg"
          sx={{
            py: { xs: 5, md: 9 },
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.15fr)' },
            gap: { xs: 4, md: 6 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography variant="overline" component="p" color="primary">
              {page.eyebrow}
            </Typography>
            <Typography
              id="page-title"
              variant="h1"
              sx={{ ...PAGE_TITLE_SX, mt: 1, fontSize: { xs: '2rem', sm: '2.5rem', md: '2.875rem' } }}
            >
              {page.heading}
            </Typography>
            <Typography variant="h5" component="p" color="text.secondary" sx={{ ...LEAD_SX, mt: 2 }}>
              {page.lead}
            </Typography>
            <CtaButton cta={page.cta} sx={{ mt: 4 }} />
          </Box>
          <Screenshot shot={page.hero} isHero desktopWidth="600px" />
        </Container>
      </Box>

      <Section id="who" heading={page.audience.heading}>
        <Box sx={CARD_GRID_SX}>
          {page.audience.items.map((item) => (
            <ItemCard key={item.title} item={item} />
          ))}
        </Box>
      </Section>

      <Section id="how" heading={page.steps.heading} isTinted>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: `repeat(${Math.min(page.steps.items.length, 4)}, minmax(0, 1fr))`,
            },
          }}
        >
          {page.steps.items.map((step, index) => (
            <Box component="li" key={step.title}>
              <Box
                aria-hidden="true"
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  mb: 1.5,
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="h5" component="h3" gutterBottom>
                {step.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.7 }}>
                {step.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Box component="section" aria-label="Features">
        {page.features.map((feature, index) => (
          <FeatureBlock key={feature.title} feature={feature} isFlipped={index % 2 === 1} />
        ))}
      </Box>

      {page.links ? (
        <Section id="more" heading={page.links.heading} isTinted>
          <Box sx={CARD_GRID_SX}>
            {page.links.items.map((item) => (
              <LinkCard key={item.to} item={item} />
            ))}
          </Box>
        </Section>
      ) : null}

      <Section id="questions" heading="Questions">
        <Box sx={{ maxWidth: '72ch' }}>
          {page.faq.map((entry) => (
            <Box component="details" key={entry.question} sx={QUESTION_SX}>
              <Box component="summary">{entry.question}</Box>
              <Typography color="text.secondary" sx={{ pb: 2, pr: 4, lineHeight: 1.7 }}>
                {entry.answer}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Box
        component="section"
        aria-labelledby="closing-title"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Container maxWidth="md" sx={{ py: { xs: 6, md: 8 }, textAlign: 'center' }}>
          <Typography id="closing-title" variant="h2" sx={{ ...SECTION_TITLE_SX }}>
            {page.closing.heading}
          </Typography>
          <Typography sx={{ mt: 1.5, mx: 'auto', maxWidth: '56ch', lineHeight: 1.7, opacity: 0.92 }}>
            {page.closing.text}
          </Typography>
          <Button
            component={RouterLink}
            to={page.cta.to}
            variant="contained"
            size="large"
            sx={{
              mt: 4,
              bgcolor: 'background.paper',
              color: 'primary.main',
              '&:hover': { bgcolor: 'background.default' },
              // The accent ring would vanish against the accent band.
              '&:focus-visible': { outlineColor: 'var(--mui-palette-primary-contrastText)' },
            }}
          >
            {page.cta.label}
          </Button>
        </Container>
      </Box>
    </>
  );
}

function CtaButton({ cta, sx }: { cta: CallToAction; sx?: object }) {
  return (
    <Button component={RouterLink} to={cta.to} variant="contained" size="large" sx={sx}>
      {cta.label}
    </Button>
  );
}

function Section({
  id,
  heading,
  isTinted = false,
  children,
}: {
  id: string;
  heading: string;
  isTinted?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={
        isTinted
          ? { bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider' }
          : undefined
      }
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ ...SECTION_TITLE_SX, mb: { xs: 3, md: 4 } }}>
          {heading}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

function ItemCard({ item }: { item: TextItem }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h5" component="h3" gutterBottom>
        {item.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.7 }}>
        {item.text}
      </Typography>
    </Paper>
  );
}

/**
 * Text beside its screenshot; every other row puts the picture first from md up (the columns swap
 * with it, so the picture keeps the wider one). On a phone the text always comes first.
 */
function FeatureBlock({ feature, isFlipped }: { feature: FeatureRow; isFlipped: boolean }) {
  return (
    <Container
      maxWidth="lg"
      sx={{
        py: { xs: 5, md: 7 },
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: isFlipped ? 'minmax(0, 1.2fr) minmax(0, 1fr)' : 'minmax(0, 1fr) minmax(0, 1.2fr)',
        },
        gap: { xs: 3, md: 6 },
        alignItems: 'center',
      }}
    >
      <Box sx={isFlipped ? { order: { md: 2 } } : undefined}>
        <Typography
          variant="h3"
          component="h2"
          sx={{ fontSize: { xs: '1.375rem', md: '1.625rem' }, lineHeight: 1.25 }}
        >
          {feature.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, lineHeight: 1.7, maxWidth: '60ch' }}>
          {feature.text}
        </Typography>
        {feature.points ? (
          <Box component="ul" sx={{ mt: 2, mb: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
            {feature.points.map((point) => (
              <Typography component="li" key={point} variant="body2" sx={{ lineHeight: 1.6 }}>
                {point}
              </Typography>
            ))}
          </Box>
        ) : null}
      </Box>
      {feature.shot ? <Screenshot shot={feature.shot} desktopWidth="620px" /> : <Box />}
    </Container>
  );
}

/**
 * A card that leads to another page. The whole card is the link (a larger target on a phone); the
 * link itself is the title, so its name is the page it leads to.
 */
function LinkCard({ item }: { item: TextItem & { to: string } }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 3,
        position: 'relative',
        '&:hover': { borderColor: 'primary.main' },
        '&:hover a': { textDecoration: 'underline' },
        '&:has(a:focus-visible)': { outline: '2px solid var(--mui-palette-primary-main)', outlineOffset: 2 },
      }}
    >
      <Typography variant="h5" component="h3" gutterBottom>
        <Link
          href={item.to}
          underline="none"
          color="inherit"
          sx={{
            '&::after': { content: '""', position: 'absolute', inset: 0 },
            // The card draws the ring: the link's own would circle the title only.
            '&:focus-visible': { outline: 'none' },
          }}
        >
          {item.title}
        </Link>
        <Box component="span" aria-hidden="true" sx={{ ml: 1, color: 'primary.main' }}>
          →
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.7 }}>
        {item.text}
      </Typography>
    </Paper>
  );
}
