/**
 * Runtime configuration: the server writes it as JSON into the page it serves
 * (`<script id="frontdoor-config" type="application/json">`), so it is there before first paint
 * without an extra request, and one build serves every environment.
 */
export interface RuntimeConfig {
  /** Where the auth API lives, absolute or relative to the page (flows 7). */
  apiBaseUrl: string;
  /** Host the platform's apps live under: portal {subdomain}.{host}, admin {subdomain}.{host}/admin/ (flows 2). */
  platformHost: string;
  /** Origins besides the platform's own allowed to embed /change-password and hear its message (flows 4.10). */
  allowedParentOrigins: string[];
  /** The product's domain for the session cookies (flows 9); unset means the front door's own host. */
  cookieDomain?: string;
  /** Whether the toolkit's gallery (/ui) is shown: outside production only. */
  gallery: boolean;
}

export const CONFIG_ELEMENT_ID = 'frontdoor-config';

const defaults: RuntimeConfig = {
  apiBaseUrl: '/api',
  platformHost: 'localhost',
  allowedParentOrigins: [],
  gallery: false,
};

/** Reads the configuration from the page; a missing or broken element leaves the defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return defaults;
  try {
    const parsed = JSON.parse(text) as Partial<RuntimeConfig>;
    return {
      apiBaseUrl: typeof parsed.apiBaseUrl === 'string' ? parsed.apiBaseUrl : defaults.apiBaseUrl,
      platformHost: typeof parsed.platformHost === 'string' ? parsed.platformHost : defaults.platformHost,
      allowedParentOrigins: Array.isArray(parsed.allowedParentOrigins)
        ? parsed.allowedParentOrigins.filter((origin): origin is string => typeof origin === 'string')
        : defaults.allowedParentOrigins,
      ...(typeof parsed.cookieDomain === 'string' && parsed.cookieDomain ? { cookieDomain: parsed.cookieDomain } : {}),
      gallery: parsed.gallery === true,
    };
  } catch (error) {
    console.error('Frontdoor: the runtime configuration is not valid JSON', error);
    return defaults;
  }
}

export const config: RuntimeConfig = typeof document === 'undefined' ? defaults : readRuntimeConfig();
