/**
 * The keys of the texts, typed from the English catalogues: `t()` takes only a key that exists, so
 * a misspelt or removed key fails the type check rather than showing the key on a page.
 */

/** The dotted paths to every text of a catalogue: `{ page: { login: { heading } } }` gives 'page.login.heading'. */
type Leaves<Catalogue, Prefix extends string = ''> = {
  [Key in keyof Catalogue & string]: Catalogue[Key] extends string ? `${Prefix}${Key}` : Leaves<Catalogue[Key], `${Prefix}${Key}.`>;
}[keyof Catalogue & string];

/** A text of the front door (locales/en.json). */
export type TextKey = Leaves<typeof import('../../locales/en.json')>;

/** A text of the toolkit's gallery (locales/gallery/en.json), which only the gallery shows. */
export type GalleryTextKey = Leaves<typeof import('../../locales/gallery/en.json')>;

/** The keys of a group, without its prefix: `KeysIn<TextKey, 'page.mfa-setup'>` holds 'heading', 'step-1'… */
export type KeysIn<Keys extends string, Group extends string> = Keys extends `${Group}.${infer Rest}` ? Rest : never;
