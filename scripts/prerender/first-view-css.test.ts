import { describe, expect, it } from 'vitest';
import { elementsOf, firstViewCss } from './first-view-css';

describe('the elements a selector styles', () => {
  it('are the selector without its states', () => {
    expect(elementsOf('.fd-button:hover')).toBe('.fd-button');
    expect(elementsOf('.fd-field__input:focus-visible::placeholder')).toBe('.fd-field__input');
    expect(elementsOf('.fd-button[aria-busy=true] .fd-button__label')).toBe('.fd-button .fd-button__label');
    expect(elementsOf('.fd-rules__rule:not(.fd-rules__rule--met)')).toBe('.fd-rules__rule:not(.fd-rules__rule--met)');
    expect(elementsOf(':root')).toBe('*');
    expect(elementsOf('.fd-centred__main:has(.fd-card--wide)')).toBe('.fd-centred__main:has(.fd-card--wide)');
    expect(elementsOf('.fd-passkey>:last-child')).toBe('.fd-passkey> *');
  });
});

describe('the stylesheet every page inlines', () => {
  const pages = ['<form class="fd-card"><button class="fd-button">Go</button></form>', '<main><p class="fd-card__intro">Hi</p></main>'];

  it('keeps the rules of what some page shows, in every state, with the keyframes they animate with', () => {
    const css =
      '.fd-card{padding:1rem}.fd-button:hover{color:red}.fd-button[aria-busy=true]{cursor:wait;animation:fd-spin 1s}.fd-card__intro{margin:0}' +
      '@media (min-width:40em){.fd-card{padding:2rem}}@keyframes fd-spin{to{transform:rotate(1turn)}}';
    expect(firstViewCss(css, pages)).toBe(css);
  });

  it('drops keyframes and custom properties that only dropped rules use, and rules that a contained element decides', () => {
    const css =
      ':root{--ink:#123;--toast:#456;--line:var(--ink)}.fd-card{border-color:var(--line)}.fd-toast{color:var(--toast);animation:fd-in 1s}' +
      '@keyframes fd-in{to{opacity:1}}.fd-card:has(.fd-wide){width:40rem}.fd-card:has(.fd-button){gap:1rem}';
    expect(firstViewCss(css, pages)).toBe(':root{--ink:#123;--line:var(--ink)}.fd-card{border-color:var(--line)}.fd-card:has(.fd-button){gap:1rem}');
  });

  it('drops the rules of what only scripts show, and what is left empty', () => {
    const css = '.fd-toast{position:fixed}.fd-button__spinner,.fd-button{display:flex}@media (min-width:40em){.fd-toast{right:1rem}}.fd-card{gap:1rem}';
    expect(firstViewCss(css, pages)).toBe('.fd-button{display:flex}.fd-card{gap:1rem}');
  });

  it('keeps a rule whose selector it cannot read', () => {
    expect(firstViewCss('.fd-card > :unknown-state(){color:red}', pages)).toBe('.fd-card > :unknown-state(){color:red}');
  });
});
