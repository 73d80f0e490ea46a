/** The SHA-256 of a text in hex: how the server keeps what it must recognise but never read back (tokens, device cookies, secrets). */
import { createHash } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
