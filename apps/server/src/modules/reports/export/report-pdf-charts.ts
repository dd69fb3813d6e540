import type { TReportChart, TReportPoint } from '@app/contracts';
import { drawableText, formatCategory, formatTick, formatValue, isIsoDay, label } from './report-pdf-text.js';

/**
 * The charts of a report, drawn as vector graphics with pdfkit's paths (no picture), so they
 * stay sharp when printed or zoomed. A bar chart lays its bars across the page with the labels
 * on the left, since labels are product and store names; line and forecast charts share a plot
 * of axes, gridlines and a legend, and a forecast adds its 80% interval as a translucent band.
 * Every label goes through text(), like all user-written text.
 */

export type ChartBox = { x: number; y: number; width: number };

export const MAX_BARS = 12;
/** Ten colours that stay apart from each other, in print too; an eleventh series repeats the first. */
const PALETTE = [
  '#2f6fb2',
  '#e07b39',
  '#3a9d6a',
  '#8e5ab5',
  '#c44e52',
  '#7f7f7f',
  '#b8a431',
  '#2aa7b8',
  '#d36fae',
  '#8c6d4f',
];
const GRID = '#e3e6ea';
const AXIS = '#9aa3ad';
const TITLE_HEIGHT = 18;
const LEGEND_HEIGHT = 14;
const NOTE_HEIGHT = 12;
const BAR_BAND = 20;
/** Bars of many series share this height at most, so that a chart always fits on a page. */
const MAX_BARS_HEIGHT = 420;
const PLOT_HEIGHT = 170;
const X_LABELS_HEIGHT = 16;
const EMPTY_HEIGHT = 70;

type Doc = PDFKit.PDFDocument;

/** The height drawChart takes for the chart, so that the caller can start a page first. */
export function chartHeight(chart: TReportChart): number {
  const series = plottedSeries(chart);
  if (series.length === 0) return TITLE_HEIGHT + EMPTY_HEIGHT;
  if (chart.type !== 'bar') return TITLE_HEIGHT + LEGEND_HEIGHT + PLOT_HEIGHT + X_LABELS_HEIGHT;
  const categories = categoriesOf(series);
  const shown = Math.min(categories.length, MAX_BARS);
  const note = categories.length > MAX_BARS ? NOTE_HEIGHT : 0;
  const legend = series.length > 1 ? LEGEND_HEIGHT : 0;
  return TITLE_HEIGHT + note + legend + shown * barBand(series.length, shown) + X_LABELS_HEIGHT;
}

export function drawChart(doc: Doc, chart: TReportChart, box: ChartBox): void {
  const series = plottedSeries(chart);
  label(doc, chart.title, box.x, box.y, {
    width: box.width,
    size: 11,
    font: 'Helvetica-Bold',
    color: '#000',
  });
  if (series.length === 0) {
    const top = box.y + TITLE_HEIGHT;
    doc
      .rect(box.x, top, box.width, EMPTY_HEIGHT - 10)
      .fillColor('#f5f6f8')
      .fill();
    label(doc, 'No data to draw.', box.x, top + (EMPTY_HEIGHT - 10) / 2 - 5, {
      width: box.width,
      align: 'center',
    });
  } else if (chart.type === 'bar') {
    drawBars(doc, chart, series, box);
  } else {
    drawLines(doc, chart, series, box);
  }
  doc.fillColor('#000').strokeColor('#000').lineWidth(1);
  doc.x = box.x;
  doc.y = box.y + chartHeight(chart);
}

/** Series with the points that can be drawn (a finite y); series left without any are dropped. */
function plottedSeries(chart: TReportChart): Array<{ name: string; points: TReportPoint[]; color: string }> {
  return chart.series
    .map((series, index) => ({
      name: series.name,
      points: series.points.filter((point) => Number.isFinite(point.y)),
      color: PALETTE[index % PALETTE.length] ?? '#000',
    }))
    .filter((series) => series.points.length > 0);
}

function categoriesOf(series: ReadonlyArray<{ points: readonly TReportPoint[] }>): string[] {
  const seen = [...new Set(series.flatMap((each) => each.points.map((point) => point.x)))];
  // Days, months and weeks sort as text; other labels (products, stores) keep the report's order.
  return seen.every((label) => /^\d{4}-(\d{2}(-\d{2})?|W\d{2})$/.test(label)) ? seen.sort() : seen;
}

function barBand(seriesCount: number, categoryCount: number): number {
  const band = seriesCount > 1 ? 10 * seriesCount + 8 : BAR_BAND;
  return Math.min(band, MAX_BARS_HEIGHT / Math.max(categoryCount, 1));
}

type Series = ReturnType<typeof plottedSeries>;

function drawBars(doc: Doc, chart: TReportChart, series: Series, box: ChartBox): void {
  const all = categoriesOf(series);
  const categories = all.slice(0, MAX_BARS);
  let top = box.y + TITLE_HEIGHT;
  if (all.length > MAX_BARS) {
    label(doc, `The first ${MAX_BARS} of ${all.length} are shown.`, box.x, top - 4, {
      width: box.width,
      size: 8,
    });
    top += NOTE_HEIGHT;
  }
  if (series.length > 1) {
    legend(doc, series, box, top - 2, false);
    top += LEGEND_HEIGHT;
  }
  const valueOf = (each: Series[number], category: string) =>
    each.points.find((point) => point.x === category)?.y;
  const values = series.flatMap((each) => categories.map((category) => valueOf(each, category) ?? 0));
  const [low, high] = niceDomain(Math.min(0, ...values), Math.max(0, ...values));
  const isManyYears = new Set(categories.filter(isIsoDay).map((day) => day.slice(0, 4))).size > 1;
  const shown = categories.map((category) => formatCategory(category, isManyYears));
  doc.font('Helvetica').fontSize(8);
  const labelWidth = Math.min(
    box.width * 0.34,
    Math.max(...shown.map((text) => doc.widthOfString(text))) + 8,
  );
  doc.fontSize(7.5);
  const valueWidth =
    Math.max(...values.map((value) => doc.widthOfString(formatValue(value, chart.unit)))) + 6;
  const left = box.x + labelWidth + 6 + (low < 0 ? valueWidth : 0);
  const right = box.x + box.width - valueWidth;
  const xAt = (value: number) => left + ((value - low) / (high - low)) * (right - left);
  const band = barBand(series.length, categories.length);
  const bottom = top + categories.length * band;

  for (const tick of ticksOf(low, high)) {
    doc.moveTo(xAt(tick), top).lineTo(xAt(tick), bottom).lineWidth(0.5).strokeColor(GRID).stroke();
    label(doc, formatTick(tick), xAt(tick) - 30, bottom + 3, { width: 60, size: 7, align: 'center' });
  }
  const thickness = (band * 0.68) / series.length;
  categories.forEach((category, row) => {
    const bandTop = top + row * band;
    label(doc, shown[row] ?? category, box.x, bandTop + band / 2 - 4.5, {
      width: labelWidth,
      size: 8,
      align: 'right',
      color: '#222',
    });
    series.forEach((each, index) => {
      const value = valueOf(each, category);
      if (value === undefined) return;
      const barTop = bandTop + band * 0.16 + index * thickness;
      const start = Math.min(xAt(0), xAt(value));
      doc
        .rect(start, barTop, Math.max(Math.abs(xAt(value) - xAt(0)), 0.5), thickness * 0.9)
        .fillColor(each.color)
        .fill();
      // Bars too thin for a readable figure (many series) go without one.
      if (thickness * 0.9 < 6.5) return;
      const text = formatValue(value, chart.unit);
      const textTop = barTop + (thickness * 0.9) / 2 - 3.6;
      // A value stands beyond the end of its bar: right of a positive one, left of a negative one.
      const isPositive = value >= 0;
      label(doc, text, isPositive ? xAt(value) + 3 : xAt(value) - valueWidth - 3, textTop, {
        width: valueWidth,
        size: 7.5,
        align: isPositive ? 'left' : 'right',
        color: '#222',
      });
    });
  });
  doc.moveTo(xAt(0), top).lineTo(xAt(0), bottom).lineWidth(0.8).strokeColor(AXIS).stroke();
}

function drawLines(doc: Doc, chart: TReportChart, series: Series, box: ChartBox): void {
  const categories = categoriesOf(series);
  const index = new Map(categories.map((category, position) => [category, position]));
  const top = box.y + TITLE_HEIGHT + LEGEND_HEIGHT;
  const bottom = top + PLOT_HEIGHT;
  const hasBand = (each: Series[number]) => each.points.some((point) => isBandPoint(point));
  legend(doc, series, box, box.y + TITLE_HEIGHT - 2, series.some(hasBand));

  const values = series.flatMap((each) =>
    each.points.flatMap((point) => (isBandPoint(point) ? [point.y, point.low, point.high] : [point.y])),
  );
  const [low, high] = niceDomain(Math.min(0, ...values), Math.max(0, ...values));
  const ticks = ticksOf(low, high);
  doc.font('Helvetica').fontSize(7.5);
  const axisWidth = Math.max(...ticks.map((tick) => doc.widthOfString(formatTick(tick)))) + 8;
  const isManyYears = new Set(categories.filter(isIsoDay).map((day) => day.slice(0, 4))).size > 1;
  const shown = categories.map((category) => formatCategory(category, isManyYears));
  const labelWidth = Math.max(...shown.map((text) => doc.widthOfString(text))) + 10;
  const left = box.x + axisWidth;
  // Room on the right for half of the last label, which is centred on the last point.
  const right = box.x + box.width - Math.min(labelWidth / 2, 24);
  const xAt = (position: number) =>
    categories.length === 1
      ? (left + right) / 2
      : left + (position / (categories.length - 1)) * (right - left);
  const yAt = (value: number) => bottom - ((value - low) / (high - low)) * (bottom - top);

  for (const tick of ticks) {
    doc.moveTo(left, yAt(tick)).lineTo(right, yAt(tick)).lineWidth(0.5).strokeColor(GRID).stroke();
    label(doc, formatTick(tick), box.x, yAt(tick) - 3.5, { width: axisWidth - 5, size: 7.5, align: 'right' });
  }
  doc.moveTo(left, top).lineTo(left, bottom).lineWidth(0.8).strokeColor(AXIS).stroke();
  doc.moveTo(left, yAt(0)).lineTo(right, yAt(0)).strokeColor(AXIS).stroke();

  const step = labelStep(categories, Math.max(1, Math.floor((right - left) / labelWidth)));
  for (let position = 0; position < categories.length; position += step) {
    const centre = Math.min(
      Math.max(xAt(position), box.x + labelWidth / 2),
      box.x + box.width - labelWidth / 2,
    );
    doc
      .moveTo(xAt(position), bottom)
      .lineTo(xAt(position), bottom + 3)
      .strokeColor(AXIS)
      .stroke();
    label(doc, shown[position] ?? '', centre - labelWidth / 2, bottom + 5, {
      width: labelWidth,
      size: 7.5,
      align: 'center',
    });
  }

  const pointsOf = (each: Series[number]) =>
    each.points
      .map((point) => ({ point, position: index.get(point.x) ?? 0 }))
      .sort((a, b) => a.position - b.position);
  for (const each of series.filter(hasBand)) {
    const banded = pointsOf(each).filter(({ point }) => isBandPoint(point));
    const upper = banded.map(({ point, position }) => [xAt(position), yAt(point.high ?? point.y)]);
    const lower = banded.map(({ point, position }) => [xAt(position), yAt(point.low ?? point.y)]).reverse();
    doc.save();
    doc
      .polygon(...upper, ...lower)
      .fillColor(each.color)
      .fillOpacity(0.18)
      .fill();
    doc.restore();
    const first = banded[0];
    if (chart.type === 'forecast' && first && first.position > 0) {
      const x = xAt(first.position);
      doc.save();
      doc.moveTo(x, top).lineTo(x, bottom).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(AXIS).stroke();
      doc.restore();
      label(doc, 'Forecast', x + 3, top + 1, { width: 60, size: 7 });
    }
  }
  for (const each of series) {
    const points = pointsOf(each);
    doc.save();
    if (hasBand(each)) doc.dash(4, { space: 2.5 });
    if (points.length === 1 && points[0]) {
      doc.circle(xAt(points[0].position), yAt(points[0].point.y), 2.2).fillColor(each.color).fill();
    } else {
      points.forEach(({ point, position }, at) => {
        if (at === 0) doc.moveTo(xAt(position), yAt(point.y));
        else doc.lineTo(xAt(position), yAt(point.y));
      });
      doc.lineWidth(1.6).lineJoin('round').strokeColor(each.color).stroke();
    }
    doc.restore();
  }
}

function isBandPoint(point: TReportPoint): point is TReportPoint & { low: number; high: number } {
  return Number.isFinite(point.low) && Number.isFinite(point.high);
}

/** Every nth label, n chosen so that labels do not overlap; days go by whole weeks past 3. */
function labelStep(categories: readonly string[], fitting: number): number {
  const step = Math.max(1, Math.ceil(categories.length / fitting));
  if (step <= 3 || !categories.every(isIsoDay)) return step;
  return Math.ceil(step / 7) * 7;
}

function legend(doc: Doc, series: Series, box: ChartBox, y: number, hasBand: boolean): void {
  type Item = { name: string; color: string; kind: 'line' | 'dashed' | 'band' };
  const items: Item[] = series.map((each) => ({
    name: drawableText(each.name),
    color: each.color,
    kind: hasBand && each.points.some((point) => isBandPoint(point)) ? 'dashed' : 'line',
  }));
  const banded = series.find((each) => each.points.some((point) => isBandPoint(point)));
  if (hasBand && banded) items.push({ name: '80% range', color: banded.color, kind: 'band' });
  doc.font('Helvetica').fontSize(7.5);
  // Many series share the width: each name is cut to its share rather than pushed off the chart.
  const nameRoom = Math.min(140, box.width / items.length - 26);
  const widths = items.map((item) => Math.min(doc.widthOfString(item.name), nameRoom) + 26);
  let x = box.x + box.width - widths.reduce((sum, width) => sum + width, 0);
  x = Math.max(box.x, x);
  items.forEach((item, at) => {
    const width = widths[at] ?? 0;
    const middle = y + 4;
    doc.save();
    if (item.kind === 'band')
      doc
        .rect(x, middle - 4, 14, 8)
        .fillColor(item.color)
        .fillOpacity(0.18)
        .fill();
    else {
      if (item.kind === 'dashed') doc.dash(3, { space: 2 });
      doc
        .moveTo(x, middle)
        .lineTo(x + 14, middle)
        .lineWidth(2)
        .strokeColor(item.color)
        .stroke();
    }
    doc.restore();
    label(doc, item.name, x + 18, y, { width: width - 22, size: 7.5, color: '#333' });
    x += width;
  });
}

/** A domain that starts and ends on round numbers, never empty. */
function niceDomain(min: number, max: number): [number, number] {
  if (min === max) return min === 0 ? [0, 1] : [Math.min(0, min), Math.max(0, max) || 1];
  const ticks = ticksOf(min, max);
  return [ticks[0] ?? min, ticks[ticks.length - 1] ?? max];
}

/** About five round ticks (1, 2 or 5 times a power of ten) covering min..max. */
function ticksOf(min: number, max: number): number[] {
  const span = max - min || 1;
  const rough = span / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? rough;
  const ticks: number[] = [];
  for (let tick = Math.floor(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    ticks.push(Math.round(tick / step) * step);
  }
  if ((ticks[ticks.length - 1] ?? 0) < max) ticks.push((ticks[ticks.length - 1] ?? 0) + step);
  return ticks;
}
