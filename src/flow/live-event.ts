/**
 * The event a page's app sends once its screen takes its own presses: until then the page's inline
 * script holds a form sent early and hands it over on this event (scripts/prerender/start-scripts.ts).
 * It has a module of its own because the inline script is bundled from it and must stay tiny.
 */
export const LIVE_EVENT = 'frontdoor:live';
