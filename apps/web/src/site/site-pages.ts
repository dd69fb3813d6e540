// PROVISIONAL (not to commit): replaced by the content of the thirteen pages.
import { SITE_PAGE_PATHS } from '@app/contracts';
import type { SitePage } from './site-page';

export const SITE_PAGES: readonly SitePage[] = SITE_PAGE_PATHS.map((path): SitePage =>
  ['/terms', '/privacy', '/cookies'].includes(path)
    ? {
        kind: 'document',
        path,
        title: `Doc ${path}`,
        description: 'A provisional description of a legal page for testing the pipeline of the site.',
        eyebrow: 'Legal',
        heading: `Document ${path}`,
        lead: 'Lead text of the document.',
        updated: '2026-11-27',
        sections: [
          {
            id: 'one',
            heading: 'One',
            paragraphs: ['Para one.'],
            table: [
              ['Name', 'Purpose'],
              ['cookieConsent', 'Your choice'],
            ],
          },
          { id: 'two', heading: 'Two', paragraphs: ['Para two.'], list: ['a', 'b'] },
        ],
      }
    : {
        kind: 'product',
        path,
        title: `Page ${path}`,
        description: 'A provisional description of a product page for testing the pipeline of the site.',
        eyebrow: 'Eyebrow',
        heading: `Heading of ${path}`,
        lead: 'A lead paragraph that explains what this page is about in one sentence or two.',
        cta: { label: 'Start free', to: '/register' },
        hero: { name: 'dashboard', alt: 'The dashboard' },
        audience: {
          heading: 'Who it is for',
          items: [
            { title: 'Owners', text: 'Text.' },
            { title: 'Staff', text: 'Text.' },
          ],
        },
        steps: {
          heading: 'How it works',
          items: [
            { title: 'One', text: 'Text.' },
            { title: 'Two', text: 'Text.' },
            { title: 'Three', text: 'Text.' },
          ],
        },
        features: [
          {
            title: 'Feature A',
            text: 'Text A.',
            points: ['p1', 'p2'],
            shot: { name: 'products', alt: 'Products' },
          },
          { title: 'Feature B', text: 'Text B.', shot: { name: 'stock', alt: 'Stock' } },
        ],
        faq: [
          { question: 'Q1?', answer: 'A1.' },
          { question: 'Q2?', answer: 'A2.' },
          { question: 'Q3?', answer: 'A3.' },
        ],
        closing: { heading: 'Closing', text: 'Closing text.' },
        hasStoreLookup: path === '/scan-pay-go',
      },
);

export function sitePageAt(path: string): SitePage | undefined {
  return SITE_PAGES.find((page) => page.path === path);
}
