import { describe, expect, it } from 'vitest';
import { useEffect, useState } from 'react';
import { act, render } from '@testing-library/react';
import { useArrival, useHandler } from './effect-handlers';

describe('useHandler', () => {
  it('keeps one identity and runs the latest render’s handler', () => {
    const seen: string[] = [];
    const identities = new Set<unknown>();
    let change: (value: string) => void = () => undefined;
    function Probe() {
      const [value, setValue] = useState('first');
      change = setValue;
      const handler = useHandler(() => seen.push(value));
      identities.add(handler);
      useEffect(() => void handler(), [handler]);
      return <button onClick={handler}>{value}</button>;
    }
    const { getByRole } = render(<Probe />);
    act(() => change('second'));
    act(() => getByRole('button').click());
    expect(identities.size).toBe(1);
    expect(seen).toEqual(['first', 'second']);
  });
});

describe('useArrival', () => {
  it('runs once with the values it arrives with, and cleans up when the component leaves', () => {
    const calls: string[] = [];
    let change: (value: string) => void = () => undefined;
    function Probe() {
      const [value, setValue] = useState('arrived');
      change = setValue;
      useArrival(() => {
        calls.push(`run ${value}`);
        return () => calls.push(`cleanup ${value}`);
      });
      return <p>{value}</p>;
    }
    const { unmount } = render(<Probe />);
    act(() => change('later'));
    act(() => unmount());
    expect(calls).toEqual(['run arrived', 'cleanup arrived']);
  });
});
