import { useEffect, useState } from 'react';

/**
 * False while a screen is prerendered and on its first render in the browser, true once its script
 * runs. A form uses it to work the browser's way before any script (native validation, a real
 * submit) and the app's way after (spec 5: Continue disabled until valid).
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}
