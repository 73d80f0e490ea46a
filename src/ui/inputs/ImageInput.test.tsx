import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ImageInput } from './ImageInput';

const images = [
  { value: '/a.png', text: 'Blue' },
  { value: '/b.png', text: 'Green' },
  { value: '/c.png', text: 'Red' },
];

const order = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
const list = () => screen.getByRole('group').querySelector('.fd-image-input__list')!;

/** An app that keeps the value and hands a new list on every render, as inline props do. */
function Avatar() {
  const [avatar, setAvatar] = useState<string | null>('/a.png');
  return (
    <>
      <ImageInput label="Avatar" images={images.map((image) => ({ ...image }))} value={avatar} setValue={setAvatar} />
      <button type="button">Save</button>
    </>
  );
}

describe('ImageInput', () => {
  it('shows the current value first', () => {
    render(<ImageInput label="Avatar" images={images} defaultValue="/c.png" />);
    expect(order()).toEqual(['/c.png', '/a.png', '/b.png']);
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

  it('moves the chosen image to the front once the pointer leaves the list, not while it is over it', () => {
    render(<Avatar />);
    fireEvent.pointerEnter(list());
    fireEvent.click(screen.getByRole('img', { name: 'Red' }));
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveProperty('checked', true);
    expect(order()).toEqual(['/a.png', '/b.png', '/c.png']);
    fireEvent.pointerLeave(list());
    expect(order()).toEqual(['/c.png', '/a.png', '/b.png']);
  });

  it('keeps focus on the chosen image when it moves to the front', () => {
    render(<Avatar />);
    const red = screen.getByRole('radio', { name: 'Red' });
    fireEvent.pointerEnter(list());
    fireEvent.click(screen.getByRole('img', { name: 'Red' }));
    red.focus();
    fireEvent.pointerLeave(list());
    expect(order()[0]).toBe('/c.png');
    expect(document.activeElement).toBe(red);
  });

  it('keeps the order while keys choose, and moves the chosen image to the front when focus leaves the list', () => {
    render(<Avatar />);
    const blue = screen.getByRole('radio', { name: 'Blue' });
    blue.focus();
    // The browser checks the next radio on an arrow key; jsdom only delivers the key.
    fireEvent.keyDown(blue, { key: 'ArrowRight' });
    const green = screen.getByRole('radio', { name: 'Green' });
    green.focus();
    fireEvent.click(green);
    fireEvent.keyDown(green, { key: 'ArrowRight' });
    const red = screen.getByRole('radio', { name: 'Red' });
    red.focus();
    fireEvent.click(red);
    expect(order()).toEqual(['/a.png', '/b.png', '/c.png']);
    act(() => screen.getByRole('button', { name: 'Save' }).focus());
    expect(order()).toEqual(['/c.png', '/a.png', '/b.png']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('puts a value set from outside first at once while nobody is at the list', () => {
    const { rerender } = render(<ImageInput label="Avatar" images={images} value="/a.png" />);
    rerender(<ImageInput label="Avatar" images={images} value="/b.png" />);
    expect(order()).toEqual(['/b.png', '/a.png', '/c.png']);
  });
});
