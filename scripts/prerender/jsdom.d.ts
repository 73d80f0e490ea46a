/** The part of jsdom the prerender step uses (scripts/prerender/first-view-css.ts); jsdom ships no types. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: Document };
  }
}
