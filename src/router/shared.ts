/**
 * What every screen is built of, shipped once with the first view rather than in small bundles
 * beside each screen (docs/decisions/0006-first-view-without-compat.md, "Bundles"): the toolkit's
 * fields, buttons and form model, the flow's links and query parameters. The API client and the
 * runtime configuration, which only calls to the API and later steps read, are not among them:
 * they come after the form takes presses (docs/decisions/0014-a-page-carries-its-screen.md). The
 * page's entry re-exports this module, which is what places it there.
 */
export { Button, Field, FieldShell, useFormModel } from '@frontdoor/ui';
export { FlowLink } from '../flow/FlowLink';
export { useSearch } from '../flow/search';
