/** The front door's toast (spec 4 "Shared behaviours", spec 8 messages). */
import { createToaster } from '@frontdoor/ui';

export const { $toast, showToast, clearToast } = createToaster();
