/**
 * The way to the gallery from the router's table of screens (src/router/screens.ts): a step of its
 * own, so what loads the gallery's stylesheets comes with it, not with every page of the front door.
 */
export const loadGallery = () => import('./gallery-screen').then((gallery) => gallery.galleryWithTexts());
