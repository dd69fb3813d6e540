import { PageHeader } from '../../../components/page-header';

/** Placeholder until the screen is built (issue 12). */
export function BasicAnalyticsPage() {
  return <PageHeader title="Basic Analytics" />;
}
