import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IconButton, type IconButtonFrame } from './IconButton';
import { ButtonSheet } from './ButtonSheet';

afterEach(() => vi.restoreAllMocks());

describe('IconButton', () => {
  it('is round with no padding by default and named by its label', () => {
    render(<IconButton label="Delete">×</IconButton>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('fd-icon-button--round');
    expect(button.style.padding).toBe('0px');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('can be square, with padding', () => {
    render(
      <IconButton label="Edit" frame="square" padding={8}>
        ✎
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button.className).toContain('fd-icon-button--square');
    expect(button.style.padding).toBe('8px');
  });

  it('refuses any other frame with a warning and draws it round', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <IconButton label="Odd" frame={'oval' as IconButtonFrame}>
        ○
      </IconButton>,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('round or square'));
    expect(screen.getByRole('button', { name: 'Odd' }).className).toContain('fd-icon-button--round');
  });
});

describe('ButtonSheet', () => {
  it('places its buttons at the end on white by default, or as told', () => {
    const { container, rerender } = render(<ButtonSheet />);
    expect(container.firstElementChild!.className).toBe('fd-button-sheet fd-button-sheet--end fd-button-sheet--white');
    rerender(<ButtonSheet align="center" theme="gray" />);
    expect(container.firstElementChild!.className).toBe('fd-button-sheet fd-button-sheet--center fd-button-sheet--gray');
  });
});
