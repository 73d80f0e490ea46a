/**
 * The router's part of the app: TanStack Router over the whole route table, started when a first
 * view moves on (or needs to move at once). It renders into the page's root, in place of the first
 * view, once the next screen has loaded.
 */
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './routes';

let started: Promise<void> | undefined;

/** Starts the router at the page's current address; once only. */
export function startRouter(root: HTMLElement): Promise<void> {
  started ??= (async () => {
    const router = createAppRouter();
    await router.load();
    createRoot(root).render(<RouterProvider router={router} />);
  })();
  return started;
}
