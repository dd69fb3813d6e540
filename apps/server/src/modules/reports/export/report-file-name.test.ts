import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name.js';

const generatedAt = '2026-11-27T10:00:00.000Z';

describe('reportFileName', () => {
  it('joins the slug of the title, the day and the format', () => {
    expect(reportFileName({ title: 'Best sellers last month', generatedAt }, 'UTC', 'pdf')).toBe(
      'best-sellers-last-month-2026-11-27.pdf',
    );
    expect(reportFileName({ title: 'Best sellers last month', generatedAt }, 'UTC', 'xlsx')).toBe(
      'best-sellers-last-month-2026-11-27.xlsx',
    );
  });

  it("takes the day in the business's time zone, not in UTC", () => {
    const lateEvening = '2026-11-27T23:30:00.000Z';
    expect(reportFileName({ title: 'Sales', generatedAt: lateEvening }, 'UTC', 'csv')).toBe(
      'sales-2026-11-27.csv',
    );
    expect(reportFileName({ title: 'Sales', generatedAt: lateEvening }, 'Europe/Paris', 'csv')).toBe(
      'sales-2026-11-28.csv',
    );
    expect(
      reportFileName({ title: 'Sales', generatedAt: '2026-11-27T03:00:00+00:00' }, 'America/New_York', 'csv'),
    ).toBe('sales-2026-11-26.csv');
  });

  it('folds accents and Latin ligatures to ASCII and drops punctuation', () => {
    const title = 'Café & crème brûlée: Straße, Łódź, Øre, ﬁne İzmir (Q4/2026)!';
    expect(reportFileName({ title, generatedAt }, 'UTC', 'pdf')).toBe(
      'cafe-creme-brulee-strasse-lodz-ore-fine-izmir-q4-2026-2026-11-27.pdf',
    );
  });

  it('drops letters of other scripts and names a title with nothing left "report"', () => {
    expect(reportFileName({ title: '销售报告 Top 10', generatedAt }, 'UTC', 'pdf')).toBe(
      'top-10-2026-11-27.pdf',
    );
    expect(reportFileName({ title: 'Продажи за месяц', generatedAt }, 'UTC', 'pdf')).toBe(
      'report-2026-11-27.pdf',
    );
    expect(reportFileName({ title: '  --- ', generatedAt }, 'UTC', 'csv')).toBe('report-2026-11-27.csv');
    expect(reportFileName({ title: '', generatedAt }, 'UTC', 'csv')).toBe('report-2026-11-27.csv');
  });

  it('keeps at most 60 characters of slug, cut where a word ends', () => {
    const title = 'Which store sold the most of each category during the whole of the last quarter';
    const name = reportFileName({ title, generatedAt }, 'UTC', 'pdf');
    const slug = name.replace(/-2026-11-27\.pdf$/, '');
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toBe('which-store-sold-the-most-of-each-category-during-the-whole');
  });

  it('cuts one long word at 60 characters', () => {
    const name = reportFileName({ title: 'x'.repeat(90), generatedAt }, 'UTC', 'pdf');
    expect(name).toBe(`${'x'.repeat(60)}-2026-11-27.pdf`);
  });

  it('writes only plain ASCII letters, digits, dashes and the dot', () => {
    const name = reportFileName({ title: '"../etc/passwd"\r\n; rm -rf 😀', generatedAt }, 'UTC', 'pdf');
    expect(name).toMatch(/^[a-z0-9-]+\.pdf$/);
    expect(name).toBe('etc-passwd-rm-rf-2026-11-27.pdf');
  });
});
