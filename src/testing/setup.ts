/**
 * Every app test starts as the app does in a page the server wrote: the runtime configuration
 * names the API, here the reference server started for the run (server/testing/reference-server.ts),
 * and the English texts are loaded.
 */
import { inject } from 'vitest';
import { loadDictionary } from '../i18n/i18n';

// Before src/config/runtime-config.ts is imported, which reads this element once (its CONFIG_ELEMENT_ID).
const configuration = document.createElement('script');
configuration.id = 'frontdoor-config';
configuration.type = 'application/json';
configuration.textContent = JSON.stringify({ apiBaseUrl: inject('apiBaseUrl') });
document.head.append(configuration);

await loadDictionary('en');
