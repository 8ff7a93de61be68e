import { describe, expect, it } from 'vitest';
import { contactKey, contactsIn, hasLinkLike, linkInNameMessage } from '../../../shared/contact-like';

const kinds = (text: string) => contactsIn(text).map((c) => `${c.kind}:${c.value}`);

describe('what in a text could take a reader somewhere (shared/contact-like.ts)', () => {
  it('finds web addresses by their scheme or www., with what follows', () => {
    expect(kinds('verify at https://evil.example/login now')).toEqual(['url:https://evil.example/login']);
    expect(kinds('see www.acme.io/pricing')).toEqual(['url:www.acme.io/pricing']);
    expect(kinds('mailto:ada@example.com')).toEqual(['url:mailto:ada@example.com']);
    expect(kinds('ftp://files.example')).toEqual(['url:ftp://files.example']);
  });

  it('finds an e-mail address whole, not its domain as well', () => {
    expect(kinds('write to ada@evil.example.')).toEqual(['email:ada@evil.example']);
  });

  it('finds a domain of two labels or more, whatever its top level, and with ideographic or full-width dots', () => {
    expect(kinds('Visit evil.example now')).toEqual(['domain:evil.example']);
    expect(kinds('a new shop.zip')).toEqual(['domain:shop.zip']);
    expect(kinds('evil\u3002example')).toEqual(['domain:evil\u3002example']);
    expect(kinds('evil\uFF0Eexample')).toEqual(['domain:evil\uFF0Eexample']);
    expect(kinds('xn--bcher-kva.example')).toEqual(['domain:xn--bcher-kva.example']);
  });

  it('leaves initials, abbreviations, versions and a spaced full stop alone', () => {
    for (const text of [
      'J.R.R. Tolkien',
      'St. John',
      'e.g. this',
      'Ph.D. holder',
      'v1.2.3',
      'Q4 2.0',
      'a.b',
    ]) {
      expect(kinds(text), text).toEqual([]);
    }
  });

  it('finds a handle after a space, not the @ of an e-mail address or a lone @', () => {
    expect(kinds('thanks @ada_l for this')).toEqual(['handle:@ada_l']);
    expect(kinds('Zoë @ home')).toEqual([]);
  });

  it('finds a phone number of 8 digits or more, not of 7', () => {
    expect(kinds('call +33 6 12 34 56 78')).toEqual(['phone:+33 6 12 34 56 78']);
    expect(kinds('call 1234-5678')).toEqual(['phone:1234-5678']);
    expect(kinds('call 123-4567')).toEqual([]);
    expect(kinds('in 2026')).toEqual([]);
  });

  it('counts web addresses, e-mail addresses and domains as links, not handles or phone numbers', () => {
    expect(hasLinkLike('Security team: verify at')).toBe(false);
    expect(hasLinkLike('https://evil.example/login')).toBe(true);
    expect(hasLinkLike('ada@evil.example')).toBe(true);
    expect(hasLinkLike('evil.example')).toBe(true);
    expect(hasLinkLike('@ada')).toBe(false);
    expect(hasLinkLike('+33 6 12 34 56 78')).toBe(false);
  });

  it('compares contacts without case, scheme, www., trailing punctuation or phone formatting', () => {
    const key = (text: string) => contactsIn(text).map(contactKey);
    expect(key('https://WWW.Acme.io/')).toEqual(['acme.io']);
    expect(key('acme\u3002io')).toEqual(['acme.io']);
    expect(key('+33 6 12 34 56 78')).toEqual(key('0033-6-12-34-56-78'));
    expect(key('acme.io/pay')).not.toEqual(key('acme.io'));
  });

  it('names the field in its message', () => {
    expect(linkInNameMessage('First name')).toBe(
      'First name cannot contain a web address, domain or email address',
    );
  });
});
