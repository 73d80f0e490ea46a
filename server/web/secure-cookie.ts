/**
 * `; Secure` on the cookies the server writes when the front door is served over https, and none
 * over http: WebKit (Safari) keeps no Secure cookie set over http, not even on a loopback name where
 * Chromium and Firefox do, so `npm start` on `*.localhost` signs nobody in there otherwise.
 */
import type { ServerConfig } from '../config';

export const secureAttribute = (config: Pick<ServerConfig, 'publicUrl'>) => (new URL(config.publicUrl).protocol === 'https:' ? '; Secure' : '');
