import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RuleList } from './RuleList';

describe('the rule list', () => {
  it('says which rules are met, to the eye and to screen readers', () => {
    render(
      <RuleList
        label="Your password needs"
        metText="done"
        unmetText="not yet"
        rules={[
          { label: '9 characters', met: true },
          { label: 'A number', met: false },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(screen.getByRole('list', { name: 'Your password needs' })).toBeTruthy();
    expect(items.map((item) => item.textContent)).toEqual(['9 characters: done', 'A number: not yet']);
    expect(items.map((item) => item.hasAttribute('data-met'))).toEqual([true, false]);
  });

  it('turns to the error style when the rules are shown as broken', () => {
    render(<RuleList label="Rules" metText="done" unmetText="not yet" broken rules={[{ label: 'A number', met: false }]} />);
    expect(screen.getByRole('list').className).toContain('fd-rules--broken');
  });
});
