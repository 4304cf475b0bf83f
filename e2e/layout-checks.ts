import { expect, type Page } from '@playwright/test';

/** A table's scroll container: Mantine's Table.ScrollContainer, or the DataTable's own (shared/ui/data-table). */
export const TABLE_SCROLL = '.mantine-TableScrollContainer-scrollContainer, [data-table-scroll]';

/**
 * How far each table of the page scrolls sideways, by label: wider than its scroll container, or content
 * (a long word spilling out of its cell) past the container's viewport.
 */
export async function sidewaysOverflow(page: Page) {
  return page.locator('table').evaluateAll(
    (tables, scroll) =>
      tables
        .map((t) => {
          const box = t.closest(scroll) ?? t.parentElement!;
          // Mantine's ScrollArea scrolls in its viewport; the DataTable's box scrolls natively (data-table-scroll).
          const viewport = t.closest('.mantine-ScrollArea-viewport, [data-table-scroll]');
          return {
            table: t.getAttribute('aria-label') ?? '',
            px: Math.max(
              t.getBoundingClientRect().width - box.getBoundingClientRect().width,
              viewport ? viewport.scrollWidth - viewport.clientWidth : 0,
            ),
          };
        })
        .filter((o) => o.px > 1),
    TABLE_SCROLL,
  );
}

/**
 * The text cut in the page's table bodies: an element whose computed text-overflow is ellipsis and whose
 * text is wider than its box, or a line-clamped one taller than its box (issue 24 section 6 item 3).
 */
export async function cutText(page: Page) {
  return page.locator('table tbody').evaluateAll((bodies) =>
    bodies.flatMap((body) =>
      [body, ...body.querySelectorAll<HTMLElement>('*')].flatMap((el) => {
        const css = getComputedStyle(el);
        const ellipsis = css.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
        const clamped = css.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
        return ellipsis || clamped ? [(el.textContent ?? '').trim().slice(0, 80)] : [];
      }),
    ),
  );
}

/** The body cells whose content is wider than the cell (a long word or a badge drawn over the next column). */
export async function spilledCells(page: Page) {
  return page
    .locator('table tbody td')
    .evaluateAll((cells) =>
      cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => (c.textContent ?? '').trim().slice(0, 80)),
    );
}

/** The body cells holding only a date ('DD-MM-YYYY' or 'YYYY-MM-DD', with 'HH:mm' or not) that is not on one line. */
export async function brokenDates(page: Page) {
  return page.locator('table tbody td').evaluateAll((cells) =>
    cells
      .filter((c) => /^(\d{2}-\d{2}-\d{4}|\d{4}-\d{2}-\d{2})( \d{2}:\d{2})?$/.test((c.textContent ?? '').trim()))
      .filter((c) => {
        const range = document.createRange();
        range.selectNodeContents(c);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return lines.size > 1;
      })
      .map((c) => c.textContent),
  );
}

/** Soft checks of a page's tables: none scrolls sideways, no text is cut or spills, every date on one line. */
export async function expectTablesWhole(page: Page, where: string) {
  expect.soft(await sidewaysOverflow(page), `${where}: a table scrolls sideways`).toEqual([]);
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(wider, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(1);
  expect.soft(await cutText(page), `${where}: text cut with an ellipsis`).toEqual([]);
  expect.soft(await spilledCells(page), `${where}: text wider than its cell`).toEqual([]);
  expect.soft(await brokenDates(page), `${where}: a date on two lines`).toEqual([]);
}
