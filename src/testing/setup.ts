/** Every app test starts with the English texts loaded, as the app has them once it runs. */
import { loadDictionary } from '../i18n/i18n';

await loadDictionary('en');
