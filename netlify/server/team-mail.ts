/**
 * Sends an organiser the one-time link that sets their account's password (decision 044), through
 * the site's mail transport (mail.ts), waiting at most MAIL_SEND_TIMEOUT_MS. Only the team's
 * functions import it: the mail transport is not loaded by every admin request.
 */
import { conference } from '../../src/content/conference';
import { joinRoles } from '../../src/shared/admin-roles';
import { LINK_TOKEN_PARAM } from '../../src/shared/admin-team';
import { formatDateTime } from '../../src/shared/csv';
import { paths } from '../../src/shared/routes';
import { siteUrl } from './platform/env';
import { AccountLinkEmail } from './emails/team';
import { renderEmail } from './emails/render';
import { sendMessage, toMailError } from './mail';
import { MAIL_SEND_TIMEOUT_MS, withTimeout } from './mail-delivery';
import type { StoredAccount } from './team';

/** The set-password page's address with the link's secret in the fragment (never sent to a server). */
export function passwordLinkUrl(secret: string): string {
  return `${siteUrl()}${paths.adminSetPassword}#${LINK_TOKEN_PARAM}=${secret}`;
}

/**
 * E-mails `account` its set-password link (`secret`, valid until `expiresAt`); `fresh` for a new
 * account. Resolves with null once sent, or the short reason it was not (no personal data).
 */
export async function sendPasswordLink(account: StoredAccount, secret: string, expiresAt: string, fresh: boolean): Promise<string | null> {
  try {
    const { html, text } = await renderEmail(
      AccountLinkEmail({
        name: account.name,
        email: account.email,
        roles: joinRoles(account.roles),
        link: passwordLinkUrl(secret),
        expires: `${formatDateTime(expiresAt, conference.timeZone)} IST`,
        conference: conference.name,
        fresh,
      }),
    );
    await withTimeout(sendMessage({ to: account.email, subject: `${conference.name}: set your admin password`, text, html }, `account-${account.id}`), MAIL_SEND_TIMEOUT_MS);
    return null;
  } catch (err) {
    const { reason } = toMailError(err);
    console.warn(`[team] password link for ${account.id} not sent: ${reason}`);
    return reason;
  }
}
