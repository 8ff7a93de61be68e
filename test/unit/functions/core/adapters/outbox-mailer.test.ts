import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractLinks, outboxMailer } from '../../../../../functions/core/adapters/outbox-mailer';

describe('extractLinks', () => {
  it('finds http and https links in order', () => {
    expect(extractLinks('Go to https://app.example/verify?t=1 or http://localhost:3000/home now')).toEqual([
      'https://app.example/verify?t=1',
      'http://localhost:3000/home',
    ]);
  });

  it('strips trailing sentence punctuation', () => {
    expect(
      extractLinks('Open https://a.example/x. Then https://b.example/y, and https://c.example/z;'),
    ).toEqual(['https://a.example/x', 'https://b.example/y', 'https://c.example/z']);
  });

  it('decodes &amp; in an HTML href', () => {
    expect(extractLinks('<a href="https://app.example/verify?token=abc&amp;user=1">Verify</a>')).toEqual([
      'https://app.example/verify?token=abc&user=1',
    ]);
  });

  it('lists a link once when the text and the HTML body both carry it', () => {
    const text = 'Verify: https://app.example/verify?token=abc&user=1';
    const html =
      '<p><a href="https://app.example/verify?token=abc&amp;user=1">https://app.example/verify?token=abc&amp;user=1</a></p>';
    expect(extractLinks(text, html)).toEqual(['https://app.example/verify?token=abc&user=1']);
  });

  it('stops a link at quotes, angle brackets and a closing parenthesis', () => {
    expect(extractLinks("(see https://a.example/p) 'https://b.example/q' <https://c.example/r>")).toEqual([
      'https://a.example/p',
      'https://b.example/q',
      'https://c.example/r',
    ]);
  });

  it('finds nothing in a message without links', () => {
    expect(extractLinks('Welcome aboard', '<p>mailto:me@example.com ftp://files.example</p>')).toEqual([]);
  });
});

describe('outboxMailer', () => {
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'trobly-outbox-'));
  });
  afterEach(() => {
    rmSync(stateDir, { recursive: true, force: true });
  });

  const message = {
    to: 'ada@example.com',
    subject: 'Verify your e-mail',
    text: 'Open https://app.example/verify?token=abc&user=1 to verify.',
    html: '<a href="https://app.example/verify?token=abc&amp;user=1">Verify</a> <a href="https://app.example/help">Help</a>',
  };

  it('writes one JSON file per mail under <state>/outbox with the message, its links and sentAt', async () => {
    const before = Date.now();
    await outboxMailer(stateDir, () => undefined).send(message);
    const files = readdirSync(join(stateDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.json$/);
    const written = JSON.parse(readFileSync(join(stateDir, 'outbox', files[0]!), 'utf8'));
    expect(written).toEqual({
      ...message,
      links: ['https://app.example/verify?token=abc&user=1', 'https://app.example/help'],
      sentAt: expect.any(String),
    });
    expect(Date.parse(written.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(written.sentAt)).toBeLessThanOrEqual(Date.now());
  });

  it('keeps every mail in its own file and leaves no .tmp file behind', async () => {
    const mailer = outboxMailer(stateDir, () => undefined);
    await Promise.all([
      mailer.send(message),
      mailer.send({ ...message, to: 'bob@example.com' }),
      mailer.send({ ...message, to: 'eve@example.com' }),
    ]);
    const files = readdirSync(join(stateDir, 'outbox'));
    expect(files).toHaveLength(3);
    expect(files.filter((f) => f.endsWith('.tmp') || f.startsWith('.'))).toEqual([]);
    const recipients = files.map((f) => JSON.parse(readFileSync(join(stateDir, 'outbox', f), 'utf8')).to);
    expect(recipients.sort()).toEqual(['ada@example.com', 'bob@example.com', 'eve@example.com']);
  });

  it('prints the recipient and subject, then each link', async () => {
    const printed: string[] = [];
    await outboxMailer(stateDir, (line) => printed.push(line)).send(message);
    expect(printed).toEqual([
      '[mail] to ada@example.com: Verify your e-mail',
      '[mail]   https://app.example/verify?token=abc&user=1',
      '[mail]   https://app.example/help',
    ]);
  });
});
