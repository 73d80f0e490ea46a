/**
 * What a failed screen needs (flows 8, error.general): the error screen, and the error report of a
 * screen that threw while rendering. A chunk of its own, fetched when a screen fails
 * (src/router/ScreenErrorBoundary.tsx, src/router/show-screen.tsx): no page's first view carries it.
 */
export { reportError } from '../api/report';
export { ErrorScreen } from '../screens/ErrorScreen';
