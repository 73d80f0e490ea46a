import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTyped, showInRoot } from './root-outlet';

/** A screen whose field is set from its own state, as the code boxes are, beside one that is not. */
function Controlled({ seen }: { seen: (values: { code: string }) => void }) {
  const [code, setCode] = useState('');
  seen({ code });
  return (
    <form>
      <input name="code" value={code} onInput={(event) => setCode(event.currentTarget.value)} />
      <input name="username" type="email" />
      <input name="context" type="hidden" value="acme" />
    </form>
  );
}

function prerenderedRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<form><input name="code" value=""><input name="username" type="email"><input name="context" type="hidden" value="acme"></form>';
  document.body.append(root);
  return root;
}

afterEach(() => document.body.replaceChildren());

describe('what was typed into a prerendered page before its screen took over', () => {
  it('reaches the screen whose first render set its fields from its own state', async () => {
    const root = prerenderedRoot();
    root.querySelector<HTMLInputElement>('[name=code]')!.value = '123';
    root.querySelector<HTMLInputElement>('[name=username]')!.value = 'ada@example.com';
    let latest = { code: '' };
    const putBack = keepTyped(root);
    await showInRoot(root, <Controlled seen={(values) => (latest = values)} />);
    putBack();
    await Promise.resolve();
    expect(latest).toEqual({ code: '123' });
    expect(root.querySelector<HTMLInputElement>('[name=code]')!.value).toBe('123');
    expect(root.querySelector<HTMLInputElement>('[name=username]')!.value).toBe('ada@example.com');
  });

  it('changes nothing where nothing was typed', async () => {
    const root = prerenderedRoot();
    let renders = 0;
    const putBack = keepTyped(root);
    await showInRoot(root, <Controlled seen={() => (renders += 1)} />);
    putBack();
    await Promise.resolve();
    expect(renders).toBe(1);
    expect(root.querySelector<HTMLInputElement>('[name=code]')!.value).toBe('');
  });
});

describe('a screen that arrives over a prerendered page that never rendered (a held press taken first)', () => {
  it('replaces the markup: none of its elements, nor what was typed into them, reaches the screen', async () => {
    const root = prerenderedRoot();
    const typedInto = root.querySelector<HTMLInputElement>('[name=username]')!;
    typedInto.value = 'ada@example.com';
    let latest = { code: 'unseen' };
    await showInRoot(root, <Controlled seen={(values) => (latest = values)} />, 'replace');
    expect(typedInto.isConnected).toBe(false);
    expect(root.querySelectorAll('form')).toHaveLength(1);
    expect(latest).toEqual({ code: '' });
    expect(root.querySelector<HTMLInputElement>('[name=code]')!.value).toBe('');
    expect(root.querySelector<HTMLInputElement>('[name=username]')!.value).toBe('');
  });
});
