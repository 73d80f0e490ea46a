import { createLazyRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from './ScreenPlaceholder';

/** TermsAndConditions (spec section 2): the screen's title and heading until its flow lands. */
export const Route = createLazyRoute('/company/$context/terms')({ component: ScreenPlaceholder });
