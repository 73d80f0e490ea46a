/** The front door's toast (flows 4 "Shared behaviours", flows 8 messages). */
import { createToaster } from '@frontdoor/ui';

export const { $toast, showToast, clearToast } = createToaster();
