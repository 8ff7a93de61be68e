import { NAME_MAX } from '../../shared/auth';
import { hasLinkLike } from '../../shared/contact-like';
import { textLength } from '../../shared/outgoing-text';
import { PRODUCT_NAME } from '../../shared/product';
import { hasHiddenCharacters } from '../../shared/text';
import type { MailMessage } from '../core/ports/mail';

/**
 * A person's name as a mail may carry it (issue 34 point 3; the README's "Names in mail"): names are
 * refused at input when they hold a web address, domain or e-mail address, and a name stored before
 * that rule, or one that slipped by, is still never put in a mail: `fallback` stands in. The name is
 * cut to one name field's length (NAME_MAX), so a subject carries no user text longer than a name.
 */
export function mailName(name: string, fallback: string): string {
  const text = name.replace(/\s+/g, ' ').trim();
  if (!text || hasLinkLike(text) || hasHiddenCharacters(text)) return fallback;
  return textLength(text) > NAME_MAX
    ? `${[...text]
        .slice(0, NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** The account e-mails. Plain text and HTML carry the same words and the same single link. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function message(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): MailMessage {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#868e96;font-size:12px">If the button does not work, paste this address into your browser: ${escapeHtml(link.url)}</p>
<p>— ${PRODUCT_NAME}</p></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, person: string, url: string): MailMessage {
  const name = mailName(person, 'there');
  return message(
    to,
    `Verify your email for ${PRODUCT_NAME}`,
    [`Hi ${name},`, `Please confirm that ${to} is your email address. The link works once, for 24 hours.`],
    { label: 'Verify email', url },
  );
}

export function resetMail(to: string, person: string, url: string): MailMessage {
  const name = mailName(person, 'there');
  return message(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    [
      `Hi ${name},`,
      'Someone asked to reset the password of your account. The link works once, for 1 hour.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', url },
  );
}

export function registrationAttemptMail(
  to: string,
  person: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  const name = mailName(person, 'there');
  return message(
    to,
    `Someone tried to sign up to ${PRODUCT_NAME} with your email`,
    [
      `Hi ${name},`,
      `Someone tried to create a new ${PRODUCT_NAME} account with ${to}, which already has an account. No new account was created.`,
      `If it was you, sign in instead. If you forgot your password, reset it here: ${resetUrl}`,
      'If it was not you, you can ignore this email.',
    ],
    { label: 'Sign in', url: loginUrl },
  );
}

/** DECISIONS 31: an owner's invitation into their workspace; the link opens the accept page. */
export function teamInvitationMail(to: string, owner: string, url: string, days: number): MailMessage {
  const ownerName = mailName(owner, 'Someone');
  return message(
    to,
    `${ownerName} invited you to their team on ${PRODUCT_NAME}`,
    [
      'Hi,',
      `${ownerName} invited you to work in their ${PRODUCT_NAME} workspace: its connected accounts, automations, flows and leads.`,
      `Sign in or create an account with ${to}, then accept. The link works for ${days} days.`,
      'If you did not expect this, you can ignore this email.',
    ],
    { label: 'Accept invitation', url },
  );
}

/** To each member when the owner deletes their account, and with it the workspace (DECISIONS 10, 31). */
export function teamDeletedMail(to: string, owner: string, url: string): MailMessage {
  const ownerName = mailName(owner, 'The owner');
  return message(
    to,
    `${ownerName}'s ${PRODUCT_NAME} workspace was deleted`,
    [
      'Hi,',
      `${ownerName} deleted their ${PRODUCT_NAME} account, and with it the team workspace you were a member of: its connected accounts, automations, flows and leads.`,
      'Your own account and workspace are not affected.',
    ],
    { label: 'Open your workspace', url },
  );
}

/**
 * To the owner when an API key is made for their workspace (issue 39): a key outlives the session that
 * made it, so a key made from a stolen session must not go unseen. Names the key, never its secret.
 */
export function apiKeyCreatedMail(
  to: string,
  key: { name: string; prefix: string; scopes: readonly string[] },
  url: string,
): MailMessage {
  return message(
    to,
    `A new API key was created for your ${PRODUCT_NAME} workspace`,
    [
      'Hi,',
      `An API key named "${mailName(key.name, 'API key')}" (${key.prefix}…) was just created for your ${PRODUCT_NAME} workspace. It may: ${key.scopes.join(', ')}.`,
      'If you did not create it, revoke it on your profile page and change your password.',
    ],
    { label: 'Review your API keys', url },
  );
}
