/**
 * The toolkit's gallery at /ui, outside the sign-in flow and its bundles: both screens are
 * lazy chunks. The side panel demo is the child route /ui/panel (flows 2: a side panel opens as a
 * child route and closes by going to the parent).
 */
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { $locale, ensureDictionary } from '../stores/locale';

export function galleryRoute(parent: AnyRoute) {
  const gallery = createRoute({
    getParentRoute: () => parent,
    path: '/ui',
    staticData: { titleKey: 'title.gallery' },
    // The gallery's texts are not among those a page carries: the whole dictionary, and the
    // gallery's own texts, which no sign-in page loads.
    loader: async () => {
      await ensureDictionary();
      await import('./gallery-texts').then((texts) => texts.loadGalleryTexts($locale.get()));
    },
    component: lazyRouteComponent(() => import('./Gallery'), 'Gallery'),
  });
  const panel = createRoute({ getParentRoute: () => gallery, path: 'panel', component: lazyRouteComponent(() => import('./GalleryPanel'), 'GalleryPanel') });
  return gallery.addChildren([panel]);
}
