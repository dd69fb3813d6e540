import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DOCUMENT_TEXT_SX, LEAD_SX, PAGE_TITLE_SX } from '../../features/marketing/marketing-styles';
import type { DocumentPage, DocumentSection } from '../site-page';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A legal page: title, date, a table of contents beside the sections from md up. */
export function DocumentPageView({ page }: { page: DocumentPage }) {
  return (
    <>
      <Box
        component="section"
        aria-labelledby="page-title"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
          <Typography variant="overline" component="p" color="primary">
            {page.eyebrow}
          </Typography>
          <Typography id="page-title" variant="h1" sx={{ ...PAGE_TITLE_SX, mt: 1 }}>
            {page.heading}
          </Typography>
          <Typography variant="h5" component="p" color="text.secondary" sx={{ ...LEAD_SX, mt: 2 }}>
            {page.lead}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Last updated <time dateTime={page.updated}>{dateFormat.format(new Date(page.updated))}</time>
          </Typography>
          {page.path === '/cookies' ? (
            // The page's script opens the cookie bar with the stored choice ticked (000 section 2).
            <Button data-cookie-settings="" variant="contained" size="large" sx={{ mt: 3 }}>
              Cookie settings
            </Button>
          ) : null}
        </Container>
      </Box>
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 5, md: 7 },
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          gap: { xs: 4, md: 6 },
          alignItems: 'start',
        }}
      >
        <Box component="nav" aria-label="On this page" sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
          <Typography variant="overline" component="p" color="text.secondary">
            On this page
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
            {page.sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`} underline="hover" color="text.primary" variant="body2">
                  {section.heading}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 5, minWidth: 0 }}>
          {page.sections.map((section) => (
            <DocumentSectionView key={section.id} section={section} />
          ))}
        </Box>
      </Container>
    </>
  );
}

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * A document's table: columns from sm up; on a phone each row becomes a block of its own, the
 * first cell as its title and every other cell under its column's name (`data-label`), so that a
 * reader scrolls down, not sideways through four narrow columns.
 */
const TABLE_SX = {
  // The containing block of the hidden header row on a phone.
  position: 'relative',
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: { sm: 520 },
  typography: 'body2',
  '& th, & td': {
    textAlign: 'left',
    verticalAlign: 'top',
    p: 1.25,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th': { fontWeight: 600, bgcolor: 'background.paper' },
  '& td': { color: 'text.secondary' },
  '& td:first-of-type': {
    color: 'text.primary',
    fontFamily: MONOSPACE,
    // A name breaks only when it must: the column is as wide as its longest word.
    overflowWrap: 'break-word',
  },
  '@media (max-width: 599.95px)': {
    '&, & tbody, & tr, & td': { display: 'block' },
    // The header row stays for screen readers, out of sight: each cell names its column.
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& tr': { py: 1.5, borderBottom: 1, borderColor: 'divider' },
    '& th, & td': { border: 0, px: 0, py: 0.5 },
    '& td:first-of-type': { fontWeight: 600, overflowWrap: 'anywhere' },
    '& td:not(:first-of-type)::before': {
      content: 'attr(data-label)',
      display: 'block',
      color: 'text.primary',
      fontFamily: 'inherit',
      fontWeight: 500,
    },
    '& td:empty': { display: 'none' },
  },
} as const;

function DocumentSectionView({ section }: { section: DocumentSection }) {
  const [header, ...rows] = section.table ?? [];
  return (
    <Box
      component="section"
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      sx={{ scrollMarginTop: 24 }}
    >
      <Typography id={`${section.id}-title`} variant="h4" component="h2" gutterBottom>
        {section.heading}
      </Typography>
      {section.paragraphs.map((paragraph) => (
        <Typography key={paragraph} color="text.secondary" sx={{ ...DOCUMENT_TEXT_SX, mb: 1.5 }}>
          {paragraph}
        </Typography>
      ))}
      {section.list ? (
        <Box
          component="ul"
          sx={{ ...DOCUMENT_TEXT_SX, pl: 3, my: 1.5, color: 'text.secondary', display: 'grid', gap: 0.75 }}
        >
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      ) : null}
      {header ? (
        <Box
          sx={{ overflowX: 'auto', mt: 2 }}
          tabIndex={0}
          role="region"
          aria-label={`${section.heading}: table`}
        >
          <Box component="table" sx={TABLE_SX}>
            <thead>
              <tr>
                {header.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.join('|')}>
                  {row.map((cell, index) => (
                    <td key={`${index}-${cell}`} data-label={header[index]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
