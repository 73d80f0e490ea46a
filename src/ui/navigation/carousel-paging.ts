/** Carousel defaults (flows 9). */
export const CAROUSEL_DEFAULTS = { itemsPerPage: 4, itemsPerScroll: 1, loop: true } as const;
/** Image selector defaults (flows 9). */
export const IMAGE_SELECTOR_DEFAULTS = { itemsPerPage: 3, itemsPerScroll: 3, loop: false } as const;
/** Share of the carousel's width the slides of one page take; the rest shows the next slide (flows 9). */
export const SLIDES_SHARE = 0.8;
/** Delay before the carousel measures its width, once the page has laid out (flows 9). */
export const MEASURE_DELAY_MS = 500;

export interface Paging {
  count: number;
  itemsPerPage: number;
  itemsPerScroll: number;
  loop: boolean;
}

/** The last index a page can start at. */
export const lastStart = ({ count, itemsPerPage }: Paging) => Math.max(0, count - itemsPerPage);

/** The first slide shown after moving by `direction` (1 forward, -1 back): looping wraps round, else it stops at the ends. */
export function step(start: number, direction: 1 | -1, paging: Paging): number {
  const last = lastStart(paging);
  const next = start + direction * paging.itemsPerScroll;
  if (next > last) return paging.loop && start >= last ? 0 : last;
  if (next < 0) return paging.loop && start <= 0 ? last : 0;
  return next;
}

/** Whether the arrow in `direction` can move at all. */
export const canStep = (start: number, direction: 1 | -1, paging: Paging) => step(start, direction, paging) !== start;

/** Width of one slide in pixels: 80 % of the carousel's width divided by the items per page (flows 9). */
export const slideWidth = (containerWidth: number, itemsPerPage: number) => (containerWidth * SLIDES_SHARE) / itemsPerPage;
