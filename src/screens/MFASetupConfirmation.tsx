import { createLazyRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from './ScreenPlaceholder';

/** MFASetupConfirmation (spec section 2): the screen's title and heading until its flow lands. */
export const Route = createLazyRoute('/mfa/setup/confirm')({ component: ScreenPlaceholder });
