import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { atom, computed } from 'nanostores';
import { useStore } from './use-store';

describe('useStore', () => {
  it('shows the store’s value and renders again when it changes', () => {
    const $count = atom(1);
    function Count() {
      return <output>{useStore($count)}</output>;
    }
    const { container } = render(<Count />);
    expect(container.textContent).toBe('1');
    act(() => $count.set(2));
    expect(container.textContent).toBe('2');
  });

  it('follows a computed store, and stops listening once the component leaves', async () => {
    const $name = atom('ada');
    const $greeting = computed($name, (name) => ({ text: `Hello, ${name}` }));
    function Greeting() {
      return <p>{useStore($greeting).text}</p>;
    }
    const { container, unmount } = render(<Greeting />);
    expect(container.textContent).toBe('Hello, ada');
    act(() => $name.set('grace'));
    expect(container.textContent).toBe('Hello, grace');
    unmount();
    // Preact runs an unmounted component's cleanups after the unmount, React during it.
    await vi.waitFor(() => expect($greeting.lc).toBe(0));
  });

  it('shows a change made between the render and the subscription', () => {
    const $state = atom('before');
    function State() {
      const value = useStore($state);
      // Set during the first render, before the component has subscribed.
      if (value === 'before') $state.set('after');
      return <p>{value}</p>;
    }
    const { container } = render(<State />);
    expect(container.textContent).toBe('after');
  });
});
