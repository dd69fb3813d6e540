import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  drawableText,
  formatCategory,
  formatCell,
  formatTick,
  formatValue,
  isFullyDrawable,
} from './report-pdf-text.js';

describe('drawableText', () => {
  it('keeps Latin-1 and the typographic marks WinAnsi has', () => {
    const text = 'Crème brûlée – “Zürich” … €5 • Œuvre';
    expect(drawableText(text)).toBe(text);
    expect(isFullyDrawable(text)).toBe(true);
  });

  it('folds accents WinAnsi lacks and plain-spaces typographic spaces', () => {
    expect(drawableText('Łódź, Kraków, Őrség, Đakovo')).toBe('Lódz, Kraków, Orség, Dakovo');
    expect(drawableText('10\u202f000\u2009kg \u2212 5')).toBe('10 000 kg - 5');
    expect(drawableText('e\u0301 ﬁne')).toBe('é fine');
  });

  it('prints other scripts and emoji as "?" and says the text was not fully drawable', () => {
    expect(drawableText('绿茶 Чай 😀')).toBe('?? ??? ?');
    expect(isFullyDrawable('绿茶')).toBe(false);
    // A question mark the text had is not a replaced character.
    expect(isFullyDrawable('Which products are running out?')).toBe(true);
  });

  it('drops invisible characters, and line breaks unless the text keeps its lines', () => {
    expect(drawableText('zero\u200bwidth\u200e, tab\there, NUL\u0000')).toBe('zerowidth, tab here, NUL ');
    expect(drawableText('one\r\ntwo\rthree')).toBe('one two three');
    expect(drawableText('one\n\n\ntwo \n three', true)).toBe('one\ntwo\nthree');
  });
});

describe('formatCell', () => {
  it('groups money and keeps its cents from the decimal text, negative ones included', () => {
    expect(formatCell('1234567.50', 'money')).toBe('1,234,567.50');
    expect(formatCell('-1470.40', 'money')).toBe('-1,470.40');
    expect(formatCell('12345678901234.99', 'money')).toBe('12,345,678,901,234.99');
    expect(formatCell(12.5, 'money')).toBe('12.50');
  });

  it('writes percent with its sign, integers grouped, numbers with the decimals of their column', () => {
    expect(formatCell('12.3', 'percent')).toBe('12.3%');
    expect(formatCell(1234, 'integer')).toBe('1,234');
    expect(formatCell(38, 'number', 1)).toBe('38.0');
    expect(formatCell(2.756, 'number')).toBe('2.76');
    expect(decimalsOf([38, 28.7, null, 'x'])).toBe(1);
    expect(decimalsOf([1, 2])).toBe(0);
    expect(decimalsOf([1.23456])).toBe(2);
  });

  it('writes an empty number as a dash and an empty text as nothing; odd text as it is', () => {
    expect(formatCell(null, 'money')).toBe('–');
    expect(formatCell(null, 'text')).toBe('');
    expect(formatCell('n/a', 'money')).toBe('n/a');
    expect(formatCell('2026-11-27', 'date')).toBe('2026-11-27');
  });
});

describe('chart labels', () => {
  it('never prints a negative zero', () => {
    expect(formatValue(-0, 'money')).toBe('0.00');
    expect(formatTick(-0)).toBe('0');
  });

  it('shortens large ticks and writes days and months as a reader says them', () => {
    expect(formatTick(25_000)).toBe('25K');
    expect(formatTick(1_500_000)).toBe('1.5M');
    expect(formatTick(2_500)).toBe('2,500');
    expect(formatCategory('2026-11-07', false)).toBe('7 Nov');
    expect(formatCategory('2026-11-07', true)).toBe('7 Nov 26');
    expect(formatCategory('2026-03', false)).toBe('Mar 2026');
    expect(formatCategory('Green tea 绿茶', false)).toBe('Green tea ??');
  });
});
