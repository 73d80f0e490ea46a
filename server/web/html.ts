/** The one escape of the server's HTML and XML: mails, provider pages, development pages, the prerendered pages. */

/** Escapes text for element content and quoted attribute values, in HTML and in XML. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
