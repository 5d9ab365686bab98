/**
 * The insights' tables on a screen narrower than the table (a phone): a line says how many of the
 * columns are in view, a shadow marks the side where more lie, and both follow the sideways
 * scroll; a table that fits says nothing. jsdom lays nothing out, so the scroller's and the header
 * cells' sizes are given here: a 300 px wide scroller over eight 110 px columns.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insightsText } from '../../../config/insights-text';
import { renderWithProviders } from '../../../test/render';
import { InsightsTable, type ViewColumn } from './data-view';

interface Row {
  id: number;
}
const columnsOf = (n: number): ViewColumn<Row>[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `c${i}`,
    header: `Column ${i + 1}`,
    value: (r: Row) => r.id * 10 + i,
  }));

const columnWidth = 110;
let scrollerWidth = 300;
const scrolled = new WeakMap<Element, number>();
const isScroller = (el: Element) => el.hasAttribute('data-insights-scroll');
const columnIndex = (el: Element) =>
  el.tagName === 'TH' && el.closest('thead') ? [...el.parentElement!.children].indexOf(el) : -1;

beforeEach(() => {
  scrollerWidth = 300;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isScroller(this) ? scrollerWidth : 0;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    if (!isScroller(this)) return 0;
    return Math.max(scrollerWidth, this.querySelectorAll('thead th').length * columnWidth);
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return scrolled.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(function (
    this: Element,
    value: number,
  ) {
    scrolled.set(this, value);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return Math.max(0, columnIndex(this)) * columnWidth;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return columnIndex(this) >= 0 ? columnWidth : 0;
  });
});
afterEach(() => vi.restoreAllMocks());

const show = (columns: number) =>
  renderWithProviders(
    <InsightsTable
      caption="Reviewed trainees"
      columns={columnsOf(columns)}
      rows={[{ id: 1 }, { id: 2 }]}
      rowKey={(r) => r.id}
    />,
  );

const scroller = () => document.querySelector<HTMLElement>('[data-insights-scroll]')!;
const shadow = (side: 'left' | 'right') => document.querySelector(`[data-scroll-shadow="${side}"]`);

describe('InsightsTable on a narrow screen', () => {
  it('says how many columns are in view and shades the side with more, following the scroll', () => {
    show(8);
    expect(screen.getByTestId('columns-in-view')).toHaveTextContent(
      insightsText.columnsInView(2, 8),
    );
    expect(shadow('right')).toBeInTheDocument();
    expect(shadow('left')).not.toBeInTheDocument();

    // Scrolled to the end: the last two columns in view, more on the left only.
    scroller().scrollLeft = 8 * columnWidth - scrollerWidth;
    fireEvent.scroll(scroller());
    expect(screen.getByTestId('columns-in-view')).toHaveTextContent(
      insightsText.columnsInView(2, 8),
    );
    expect(shadow('left')).toBeInTheDocument();
    expect(shadow('right')).not.toBeInTheDocument();
  });

  it('says nothing when every column is in view', () => {
    scrollerWidth = 1200;
    show(8);
    expect(screen.queryByTestId('columns-in-view')).not.toBeInTheDocument();
    expect(shadow('left')).not.toBeInTheDocument();
    expect(shadow('right')).not.toBeInTheDocument();
  });
});
