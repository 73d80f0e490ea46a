import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../internal/cx';
import { CAROUSEL_DEFAULTS, MEASURE_DELAY_MS, SLIDES_SHARE, canStep, slideWidth, step } from './carousel-paging';

export interface CarouselProps {
  /** Names the carousel for screen readers, already translated. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** 4 by default (flows 9). */
  itemsPerPage?: number;
  /** 1 by default (flows 9). */
  itemsPerScroll?: number;
  /** On by default (flows 4). */
  loop?: boolean;
  className?: string;
  /** One child per slide. */
  children: ReactNode;
}

/** The gap between slides, in pixels; it matches `.fd-carousel__track`. */
const GAP = 12;

/**
 * A row of slides with previous and next arrows, looping by default, 4 per page and 1 per scroll
 * (flows 4, 9). Each slide is 80 % of the width divided by the items per page, measured 500 ms after
 * mount and on resize; slides out of view are hidden from screen readers and the Tab key.
 *
 * @example
 * <Carousel label={t('gallery.partners')} previousLabel={t('carousel.previous')} nextLabel={t('carousel.next')}>{partners.map((p) => <Card key={p.id} {...p} />)}</Carousel>
 */
export function Carousel({
  label,
  previousLabel,
  nextLabel,
  itemsPerPage = CAROUSEL_DEFAULTS.itemsPerPage,
  itemsPerScroll = CAROUSEL_DEFAULTS.itemsPerScroll,
  loop = CAROUSEL_DEFAULTS.loop,
  className,
  children,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const paging = { count: slides.length, itemsPerPage, itemsPerScroll, loop };
  const [start, setStart] = useState(0);
  const [width, setWidth] = useState<number | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const measure = () => viewport.current && setWidth(slideWidth(viewport.current.clientWidth, itemsPerPage));
    const timer = setTimeout(measure, MEASURE_DELAY_MS);
    window.addEventListener('resize', measure);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', measure);
    };
  }, [itemsPerPage]);

  const move = (direction: 1 | -1) => setStart((current) => step(current, direction, paging));
  const basis = width === null ? `calc(${SLIDES_SHARE * 100}% / ${itemsPerPage})` : `${width}px`;
  const offset = width === null ? `calc(-${start} * (${basis} + ${GAP}px))` : `${-start * (width + GAP)}px`;

  return (
    <section className={cx('fd-carousel', className)} aria-roledescription="carousel" aria-label={label}>
      <button
        type="button"
        className="fd-carousel__arrow fd-carousel__arrow--previous"
        aria-label={previousLabel}
        disabled={!canStep(start, -1, paging)}
        onClick={() => move(-1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div className="fd-carousel__viewport" ref={viewport} aria-live="polite">
        <div className="fd-carousel__track" style={{ transform: `translateX(${offset})` }}>
          {slides.map((slide, index) => {
            const inView = index >= start && index < start + itemsPerPage;
            return (
              <div
                key={index}
                className="fd-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} / ${slides.length}`}
                aria-hidden={!inView || undefined}
                inert={!inView || undefined}
                style={{ flexBasis: basis }}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      <button
        type="button"
        className="fd-carousel__arrow fd-carousel__arrow--next"
        aria-label={nextLabel}
        disabled={!canStep(start, 1, paging)}
        onClick={() => move(1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </section>
  );
}
