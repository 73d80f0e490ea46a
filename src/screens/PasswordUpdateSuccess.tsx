import { createLazyRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from './ScreenPlaceholder';

/** PasswordUpdateSuccess (spec section 2): the screen's title and heading until its flow lands. */
export const Route = createLazyRoute('/reset-password/update/success')({ component: ScreenPlaceholder });
