/** The e-mail a password reset was asked for, kept for its success page (flows 3: session storage 'email'). */
import { sessionStored } from './session-storage';

export const $resetEmail = sessionStored('email');
