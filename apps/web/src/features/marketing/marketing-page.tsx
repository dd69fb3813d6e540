import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { MarketingLayout } from './components/marketing-layout';
import { MARKETING_CONTENT } from './marketing-content';
import { ACTIONS_SX, CARD_GRID_SX, DOCUMENT_TEXT_SX, LEAD_SX, PAGE_TITLE_SX } from './marketing-styles';

/** One public page, its texts chosen by the path. */
export function MarketingPage() {
  const { pathname } = useLocation();
  const content = MARKETING_CONTENT[pathname.replace(/^\/+|\/+$/g, '')];
  if (!content) return <Navigate to="/" replace />;

  return (
    <MarketingLayout>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md" sx={{ py: { xs: 5, md: 9 } }}>
          <Typography variant="overline" color="primary">
            {content.eyebrow}
          </Typography>
          <Typography variant="h1" sx={{ ...PAGE_TITLE_SX, mt: 1 }}>
            {content.title}
          </Typography>
          <Typography variant="h5" component="p" color="text.secondary" sx={{ ...LEAD_SX, mt: 2 }}>
            {content.lead}
          </Typography>
          {content.isDocument ? null : (
            <Box sx={{ ...ACTIONS_SX, mt: 4 }}>
              <Button component={RouterLink} to="/register" variant="contained" size="large">
                Start free
              </Button>
              <Button component={RouterLink} to="/subscription-plans" variant="outlined" size="large">
                See plans
              </Button>
            </Box>
          )}
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 6 } }}>
        {content.isDocument ? (
          <Box sx={{ display: 'grid', gap: 3 }}>
            {content.sections.map((section) => (
              <Box component="section" key={section.heading}>
                <Typography variant="h4" component="h2" gutterBottom>
                  {section.heading}
                </Typography>
                <Typography color="text.secondary" sx={DOCUMENT_TEXT_SX}>
                  {section.body}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Box sx={CARD_GRID_SX}>
            {content.sections.map((section) => (
              <Paper component="section" variant="outlined" key={section.heading} sx={{ p: 3 }}>
                <Typography variant="h5" component="h2" gutterBottom>
                  {section.heading}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.7 }}>
                  {section.body}
                </Typography>
              </Paper>
            ))}
          </Box>
        )}
      </Container>
    </MarketingLayout>
  );
}
