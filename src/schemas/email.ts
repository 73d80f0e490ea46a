/** The e-mail field (flows 5) as the account forms compose it, with its error message key. */
import { refine, string } from 'zod/mini';
import { isEmail } from '../../rules/email';
import { EMAIL_INVALID } from './email-rule';

export const emailSchema = string().check(refine((value) => isEmail(value.trim()), EMAIL_INVALID));
