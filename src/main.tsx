import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './routes';
import { setLocale } from './i18n/i18n';
import { browserLanguage } from './i18n/languages';

// Initial language: the browser's if supported, else English (spec section 9).
void setLocale(browserLanguage()).finally(() => {
  createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
});
