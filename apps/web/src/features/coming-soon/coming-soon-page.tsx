import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { useRouteTitle } from '../../hooks/use-route-title';

/** A protected area whose screens are not built yet: its title and one line. */
export function ComingSoonPage() {
  const title = useRouteTitle();
  return (
    <>
      <PageHeader title={title} />
      <Typography color="text.secondary">The {title} area is coming soon.</Typography>
    </>
  );
}
