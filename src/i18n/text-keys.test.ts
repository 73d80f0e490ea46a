import { describe, expectTypeOf, it } from 'vitest';
import type { GalleryTextKey, KeysIn, TextKey } from './text-keys';
import type { t } from './t';

// Checked by the type check (`npm run typecheck`): a key the catalogue lacks does not compile.
describe('the text keys', () => {
  it('are the dotted paths of the English catalogue, and nothing else', () => {
    expectTypeOf<'page.login.heading'>().toExtend<TextKey>();
    expectTypeOf<'page.login.nope'>().not.toExtend<TextKey>();
    expectTypeOf<'page.login'>().not.toExtend<TextKey>();
    expectTypeOf<Parameters<typeof t>[0]>().toEqualTypeOf<TextKey>();
  });

  it('of the gallery are its own catalogue', () => {
    expectTypeOf<'toolkit.crop.title'>().toExtend<GalleryTextKey>();
    expectTypeOf<'toolkit.crop.title'>().not.toExtend<TextKey>();
  });

  it('of a group lose its prefix', () => {
    expectTypeOf<KeysIn<TextKey, 'page.logout'>>().toEqualTypeOf<'heading' | 'working' | 'signed-out'>();
  });
});
