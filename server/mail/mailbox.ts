import { domainToASCII } from 'node:url';

/**
 * The mailbox an address reaches, as one key, so a limit on mails to one recipient is not dodged by
 * writing the address another way: the domain in its ASCII form (IDNA maps `exämple.com`, its
 * decomposed spelling and `xn--exmple-cua.com` to one domain) and the local part lower-case in NFC
 * (accounts match e-mails ignoring case, server/db/users.ts).
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  return `${address.slice(0, at).normalize('NFC').toLowerCase()}@${domainToASCII(domain) || domain.toLowerCase()}`;
}
