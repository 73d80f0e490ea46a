/**
 * The page's entry: it starts the first view of the address (src/first-view/start.tsx), and ships
 * what every screen is built of with it (src/first-view/shared.ts).
 */
import { startFirstView } from './first-view/start';

export * from './first-view/shared';

const root = document.getElementById('root');
if (root) void startFirstView(root);
