import { createLazyRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from './ScreenPlaceholder';

/** Register (spec section 2): the screen's title and heading until its flow lands. */
export const Route = createLazyRoute('/register')({ component: ScreenPlaceholder });
