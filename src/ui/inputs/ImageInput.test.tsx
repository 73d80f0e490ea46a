import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ImageInput } from './ImageInput';

const images = [
  { value: '/a.png', text: 'Blue' },
  { value: '/b.png', text: 'Green' },
  { value: '/c.png', text: 'Red' },
];

describe('ImageInput', () => {
  it('shows the current value first', () => {
    render(<ImageInput label="Avatar" images={images} defaultValue="/c.png" />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['/c.png', '/a.png', '/b.png']);
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveProperty('checked', true);
  });

  it('selects an image on click', () => {
    const setValue = vi.fn();
    render(<ImageInput label="Avatar" images={images} setValue={setValue} />);
    fireEvent.click(screen.getByRole('img', { name: 'Green' }));
    expect(setValue).toHaveBeenCalledWith('/b.png');
  });

  it('selects nothing while disabled', () => {
    const setValue = vi.fn();
    render(<ImageInput label="Avatar" images={images} setValue={setValue} disabled />);
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('img', { name: 'Green' }));
    expect(setValue).not.toHaveBeenCalled();
  });
});
