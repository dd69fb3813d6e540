import { PageHeader } from '../../components/page-header';

/** Placeholder until the screen is built (issue 12). */
export function AnalyticsPage() {
  return <PageHeader title="Analytics" />;
}
