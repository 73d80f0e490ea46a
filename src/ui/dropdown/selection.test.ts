import { afterEach, describe, expect, it, vi } from 'vitest';
import { DROPDOWN_WARNINGS, nextGlobalSelection } from './selection';
import { filterOptions, groupOptions } from './options';

afterEach(() => vi.restoreAllMocks());
const all = { value: 'all', text: 'All' };

describe('global selection', () => {
  it('cannot toggle an individual option while everything is chosen', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(nextGlobalSelection(['all'], ['all', 'pear'], all)).toEqual(['all']);
    expect(warn).toHaveBeenCalledWith(DROPDOWN_WARNINGS.globalToggle);
  });

  it('passes individual choices through while everything is not chosen', () => {
    expect(nextGlobalSelection(['pear'], ['pear', 'fig'], all)).toEqual(['pear', 'fig']);
  });
});

describe('options', () => {
  it('match a search anywhere in their text, ignoring case', () => {
    const options = [
      { value: '1', text: 'Zürich' },
      { value: '2', text: 'Bern' },
    ];
    expect(filterOptions(options, 'RICH').map((option) => option.value)).toEqual(['1']);
    expect(filterOptions(options, '  ')).toHaveLength(2);
  });

  it('come ungrouped first, then by group in the given order', () => {
    const options = [
      { value: 'a', text: 'A', groupKey: 'g2' },
      { value: 'b', text: 'B', groupKey: 'g1' },
      { value: 'c', text: 'C' },
    ];
    const sections = groupOptions(options, [
      { key: 'g1', label: 'One' },
      { key: 'g2', label: 'Two' },
    ]);
    expect(sections.map((section) => [section.group?.key, section.options.map((option) => option.value)])).toEqual([
      [undefined, ['c']],
      ['g1', ['b']],
      ['g2', ['a']],
    ]);
  });
});
