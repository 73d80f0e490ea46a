import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Carousel } from './Carousel';
import { ImageSelector } from './ImageSelector';
import { step } from './carousel-paging';

afterEach(() => vi.useRealTimers());

const six = ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => <p key={letter}>{letter}</p>);

function visibleSlides() {
  return screen.getAllByRole('group').map((slide) => slide.textContent);
}

describe('Carousel', () => {
  it('shows 4 per page and moves 1 per click', async () => {
    const user = userEvent.setup();
    render(
      <Carousel label="Partners" previousLabel="Previous" nextLabel="Next">
        {six}
      </Carousel>,
    );
    expect(visibleSlides()).toEqual(['A', 'B', 'C', 'D']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleSlides()).toEqual(['B', 'C', 'D', 'E']);
  });

  it('loops round from the last page to the first and back', async () => {
    const user = userEvent.setup();
    render(
      <Carousel label="Partners" previousLabel="Previous" nextLabel="Next">
        {six}
      </Carousel>,
    );
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(visibleSlides()).toEqual(['C', 'D', 'E', 'F']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleSlides()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('stops at the ends when not looping', () => {
    const paging = { count: 6, itemsPerPage: 3, itemsPerScroll: 3, loop: false };
    expect(step(0, -1, paging)).toBe(0);
    expect(step(0, 1, paging)).toBe(3);
    expect(step(3, 1, paging)).toBe(3);
  });

  it('makes each slide 80 % of the width over the items per page, measured 500 ms after mount', () => {
    vi.useFakeTimers();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    render(
      <Carousel label="Partners" previousLabel="Previous" nextLabel="Next">
        {six}
      </Carousel>,
    );
    const slide = document.querySelector<HTMLElement>('.fd-carousel__slide')!;
    expect(slide.style.flexBasis).toBe('calc(20%)');
    act(() => vi.advanceTimersByTime(500));
    expect(slide.style.flexBasis).toBe('200px');
  });
});

describe('ImageSelector', () => {
  const images = ['1', '2', '3', '4', '5'].map((n) => ({ url: `/img/${n}.png`, text: `Picture ${n}` }));

  it('shows 3 per page, moves 3 at a time and does not loop', async () => {
    const user = userEvent.setup();
    render(<ImageSelector label="Covers" previousLabel="Previous" nextLabel="Next" images={images} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('button', { name: /Picture/ }).map((button) => button.textContent)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleSlides()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Picture 5' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('chooses an image on click', async () => {
    const user = userEvent.setup();
    const setValue = vi.fn();
    render(<ImageSelector label="Covers" previousLabel="Previous" nextLabel="Next" images={images} defaultValue="/img/1.png" setValue={setValue} />);
    expect(screen.getByRole('button', { name: 'Picture 1' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Picture 2' }));
    expect(setValue).toHaveBeenCalledWith('/img/2.png');
    expect(screen.getByRole('button', { name: 'Picture 2' }).getAttribute('aria-pressed')).toBe('true');
  });
});
