/**
 * What every screen is built of, shipped once with the first view rather than in small bundles
 * beside each screen (docs/decisions/0006-first-view-without-compat.md, "Bundles"): the API client
 * and the sign-in calls, the failure toasts, and the toolkit's fields, buttons and form model. The
 * page's entry re-exports it, which is what places it there.
 */
export { api } from '../api/client';
export { login } from '../api/sign-in';
export { showFailure } from '../flow/failure';
export { Button, Field, FieldShell, useFormModel } from '@frontdoor/ui';
