/**
 * Loopback names: localhost, any *.localhost (browsers resolve them to loopback), 127.0.0.1, [::1].
 * What counts as a development machine, for the server's defaults (server/config.ts) and for the
 * plain-http identity provider the app may follow there (src/flow/saml.ts).
 */
export const isLoopback = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost') || ['127.0.0.1', '[::1]'].includes(hostname);
