/**
 * The narrowest a table column may be so its header is never cut ("M… 1"): the header text at
 * the grid's header font, plus the cell padding and, on a sortable column, the sort arrow and the
 * sort-order number AG Grid adds with a second sort.
 */

/** Quartz's horizontal cell padding at the grid's spacing (4 px): 16 px each side. */
const HEADER_PADDING = 32;
/** Sort arrow (16 px) with its gap, and the sort-order digit with its gap. */
const SORT_ROOM = 34;
/** Text width per character where no canvas can measure (tests without a DOM canvas). */
const FALLBACK_CHAR_WIDTH = 7.5;

let context: CanvasRenderingContext2D | null | undefined;

function measure(text: string): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      // The header's weight is 500–600 by theme; measuring at 600 leaves room either way.
      context.font = `600 12px ${family}`;
    }
  }
  return context ? context.measureText(text).width : text.length * FALLBACK_CHAR_WIDTH;
}

export function headerMinWidth(header: string, sortable: boolean): number {
  return Math.ceil(measure(header) + HEADER_PADDING + (sortable ? SORT_ROOM : 0));
}
