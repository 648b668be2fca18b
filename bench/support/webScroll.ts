import type { Page } from '@playwright/test';

/** What scrolling the bond grid felt like: frame intervals while wheeling, and a jump to the end. */
export interface ScrollResult {
  /** Rows scrolled past by the wheel run (the last row index rendered). */
  rowsScrolled: number;
  wheelSeconds: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  /** Share of frames longer than 50 ms (a visible hitch). */
  longFrameShare: number;
  /** Blank (still loading) rows among those on screen when the wheel run stopped. */
  blankRowsAtStop: number;
  /** From setting scrollTop to the bottom until the last row shows data. */
  jumpToEndMs: number;
  totalRows: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/**
 * Wheels down the bond grid as a user flicking through it (600 px steps, one per ~frame) while
 * the page records requestAnimationFrame intervals, then jumps to the very end. The grid is AG
 * Grid's infinite row model, so rows arrive in 200-row blocks from GET /v2/bond as they scroll in.
 */
export async function scrollThroughBondGrid(page: Page, steps = 240): Promise<ScrollResult> {
  await page.goto('about:blank');
  await page.goto('/app/#/bw/bond');
  await page.locator('[data-testid="bond-grid"] .ag-row[row-index="0"]:not(.ag-row-loading)').waitFor({ timeout: 30_000 });
  // The grid's vertical scroller, whatever AG Grid's version calls it: the first element inside
  // the grid that scrolls vertically and has more rows than it shows.
  await page.evaluate(() => {
    const scroller = [...document.querySelectorAll<HTMLElement>('[data-testid="bond-grid"] *')].find((el) => {
      const overflow = getComputedStyle(el).overflowY;
      return (overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight + 10;
    });
    if (!scroller) throw new Error('no vertical scroller in the bond grid');
    scroller.dataset.benchScroller = 'y';
  });
  const viewport = page.locator('[data-bench-scroller="y"]');
  const box = (await viewport.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const started = performance.now();
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(16);
  }
  const wheelSeconds = (performance.now() - started) / 1000;
  const atStop = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    const rows = [...document.querySelectorAll('[data-testid="bond-grid"] .ag-row')];
    const blank = rows.filter((r) => r.classList.contains('ag-row-loading') || (r.textContent ?? '').trim() === '').length;
    const last = Math.max(...rows.map((r) => Number(r.getAttribute('row-index') ?? 0)));
    return { frames: w.__frames.slice(1), blank, last };
  });

  const jump = await page.evaluate(
    () =>
      new Promise<{ ms: number; total: number }>((resolve, reject) => {
        const el = document.querySelector<HTMLElement>('[data-bench-scroller="y"]')!;
        const t0 = performance.now();
        el.scrollTop = el.scrollHeight;
        const deadline = t0 + 30_000;
        const poll = () => {
          const rows = [...document.querySelectorAll('[data-testid="bond-grid"] .ag-row')];
          const indexes = rows.map((r) => Number(r.getAttribute('row-index') ?? 0));
          const lastIndex = Math.max(...indexes);
          const lastRow = rows[indexes.indexOf(lastIndex)];
          const loaded = lastRow && !lastRow.classList.contains('ag-row-loading') && (lastRow.textContent ?? '').trim() !== '';
          // The rows rendered must be the last ones: the index a full-height list ends at.
          const rowHeight = lastRow?.getBoundingClientRect().height || 1;
          const atEnd = lastIndex >= Math.round(el.scrollHeight / rowHeight) - 2;
          if (loaded && atEnd && el.scrollTop + el.clientHeight >= el.scrollHeight - 2)
            resolve({ ms: performance.now() - t0, total: lastIndex + 1 });
          else if (performance.now() > deadline) {
            reject(
              new Error(
                `the last rows did not load: last row ${lastIndex} (${loaded ? 'loaded' : 'loading'}), scrollTop ${el.scrollTop} + ${el.clientHeight} of ${el.scrollHeight}, ${el.className}`,
              ),
            );
          } else {
            el.scrollTop = el.scrollHeight; // the infinite model grows the row count as blocks arrive
            requestAnimationFrame(poll);
          }
        };
        requestAnimationFrame(poll);
      }),
  );

  const frames = atStop.frames;
  return {
    rowsScrolled: atStop.last,
    wheelSeconds,
    frames: frames.length,
    frameP50Ms: pct(frames, 50),
    frameP95Ms: pct(frames, 95),
    frameMaxMs: Math.max(...frames),
    longFrameShare: frames.filter((f) => f > 50).length / Math.max(1, frames.length),
    blankRowsAtStop: atStop.blank,
    jumpToEndMs: jump.ms,
    totalRows: jump.total,
  };
}
