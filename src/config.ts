/**
 * Runtime configuration: the server writes it as JSON into the page it serves
 * (`<script id="frontdoor-config" type="application/json">`), so it is there before first paint
 * without an extra request, and one build serves every environment.
 */
export interface RuntimeConfig {
  /** Where the auth API lives, absolute or relative to the page (spec section 7). */
  apiBaseUrl: string;
  /** Host the platform's apps live under: portal {subdomain}.{host}, admin {subdomain}.{host}/admin/ (spec section 2). */
  platformHost: string;
  /** Origins allowed to embed /change-password and receive its messages (spec section 4, step 10). */
  allowedParentOrigins: string[];
}

export const CONFIG_ELEMENT_ID = 'frontdoor-config';

const defaults: RuntimeConfig = {
  apiBaseUrl: '/api',
  platformHost: 'localhost',
  allowedParentOrigins: [],
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
    };
  } catch (error) {
    console.error('Frontdoor: the runtime configuration is not valid JSON', error);
    return defaults;
  }
}

export const config: RuntimeConfig = typeof document === 'undefined' ? defaults : readRuntimeConfig();
