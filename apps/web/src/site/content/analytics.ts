import {
  FORECAST_MAX_DAYS,
  FORECAST_MIN_DAYS,
  PREDEFINED_REPORT_TITLES,
  REPORT_EXAMPLE_QUESTIONS,
} from '@app/contracts';
import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, planPhrase } from './site-facts';

const READY_REPORTS = Object.values(PREDEFINED_REPORT_TITLES);

/** The three tiers as the Analytics screen names them; which plan opens each comes from PLANS. */
export const analyticsPage: SitePage = {
  kind: 'product',
  path: '/analytics',
  title: 'Sales analytics, reports and forecasts',
  description:
    'Sales figures for the business and each store, questions answered in plain words with checked numbers, and demand forecasts with suggested orders.',
  eyebrow: 'Analytics',
  heading: 'Figures you can trust, in three tiers',
  lead: 'Basic shows what every shop needs to know. Advanced filters your sales and answers questions asked in plain words. Supreme groups sales any way you need and forecasts demand. Every figure comes from your own recorded sales.',
  cta: START_FREE,
  hero: SHOTS.analytics,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Owners',
        text: 'See how the business and each store are doing, compare this week with last, and decide what to reorder.',
      },
      {
        title: 'Analytics staff',
        text: 'Analytics admins, contributors and readers open the figures and reports without access to products, stock or staff.',
      },
      {
        title: 'Anyone looking at one store',
        text: 'Pick one store to see its own totals, best sellers and trend, or All stores for the whole business.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Sell at the till',
        text: 'Each sale and refund is counted at once, on the day it happened in your business’s time zone.',
      },
      {
        title: 'Choose dates and a store',
        text: 'Pick a quick range or two dates, and All stores or one store. The trend chart can also be read as a table.',
      },
      {
        title: 'Ask a question',
        text: `Type “${REPORT_EXAMPLE_QUESTIONS[0]}” or “${REPORT_EXAMPLE_QUESTIONS[2]}” (${planPhrase('AI_REPORT')}). The answer comes with a summary, tables, charts and follow-up questions.`,
      },
      {
        title: 'Plan ahead',
        text: `Forecast the business, one store or one product ${FORECAST_MIN_DAYS} to ${FORECAST_MAX_DAYS} days ahead (${planPhrase('FORECAST')}).`,
      },
    ],
  },
  features: [
    {
      title: 'Basic: what every shop needs',
      text: `Total sales, transactions, units and the average basket; the best and least selling products; the daily trend and the top stores; this week against last week. Six ready-made reports sit beside them. All ${planPhrase('ANALYTICS_BASIC')}.`,
      points: [READY_REPORTS.slice(0, 3).join(', '), READY_REPORTS.slice(3).join(', ')],
      shot: DETAILS.salesFigures,
    },
    {
      title: 'Advanced: filter and ask',
      text: `Filter by store, category, product and amount, follow one product’s trend, and ask questions in plain words: best and worst sellers, totals, two periods side by side, weekdays, margin by category, stores, low stock, slow movers and stock value. Export any answer as PDF, Excel or CSV. All ${planPhrase('ANALYTICS_ADVANCED')}.`,
      points: [
        'Every number in a summary is checked against the tables',
        'Your reports are kept and can be opened again',
      ],
      shot: SHOTS.report,
    },
    {
      title: 'Supreme: group, pivot and forecast',
      text: `Group sales any way you need, lay stores or months side by side in a pivot table, and export what you see as CSV. Forecasts choose the method that predicted your last four weeks best and show an 80% range, with suggested orders for your best sellers. All ${planPhrase('ANALYTICS_SUPREME')}.`,
      shot: SHOTS.forecast,
    },
  ],
  faq: [
    {
      question: 'Which plan do I need?',
      answer: `Basic analytics and the ready-made reports are ${planPhrase('ANALYTICS_BASIC')}. Advanced analytics, questions in plain words and export are ${planPhrase('ANALYTICS_ADVANCED')}. Supreme analytics and forecasts are ${planPhrase('FORECAST')}.`,
    },
    {
      question: 'Can the assistant make up numbers?',
      answer:
        'No. Answers are written from read-only queries of your own sales and stock, and every number a summary states is checked against the tables it came from. A summary with a number no query returned is not shown.',
    },
    {
      question: 'Are my questions sent to an outside AI service?',
      answer:
        'Not by default: questions are answered by the analyst built into the server. Only if the operator of the service connects a language model are the question and the figures the queries return sent to that model.',
    },
    {
      question: 'Which days do the figures use?',
      answer:
        'The days of your business’s time zone, set when the business is created. A sale at 23:30 counts on the day it was made there, wherever the server is.',
    },
  ],
  closing: {
    heading: 'See your sales clearly',
    text: `Basic analytics are ${planPhrase('ANALYTICS_BASIC')}. Register, record your first sales at the till and watch the figures fill in.`,
  },
} satisfies ProductPage;
