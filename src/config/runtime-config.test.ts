import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_ELEMENT_ID, readRuntimeConfig } from './runtime-config';

function pageWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.id = CONFIG_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

afterEach(() => vi.restoreAllMocks());

describe('runtime configuration', () => {
  it('is read from the page the server wrote it into', () => {
    const config = readRuntimeConfig(
      pageWith('{"apiBaseUrl":"https://api.example.com/v1","platformHost":"example.com","allowedParentOrigins":["https://app.example.com"]}'),
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://api.example.com/v1',
      platformHost: 'example.com',
      allowedParentOrigins: ['https://app.example.com'],
      gallery: false,
    });
  });

  it('shows the gallery only when the server says so (never in production)', () => {
    expect(readRuntimeConfig(pageWith('{"gallery":true}')).gallery).toBe(true);
    for (const text of [undefined, '{}', '{"gallery":"true"}', '{"gallery":false}']) expect(readRuntimeConfig(pageWith(text)).gallery).toBe(false);
  });

  it('falls back to same-origin defaults when the page carries none', () => {
    expect(readRuntimeConfig(pageWith(undefined)).apiBaseUrl).toBe('/api');
    expect(readRuntimeConfig(pageWith('{}')).allowedParentOrigins).toEqual([]);
  });

  it('reports a broken configuration and keeps the defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readRuntimeConfig(pageWith('{not json')).apiBaseUrl).toBe('/api');
    expect(error).toHaveBeenCalled();
  });
});
