import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailPort } from '../ports/mail';

/** Every http(s) link in a message, in order, without duplicates: what a reader would click. */
export function extractLinks(...bodies: string[]): string[] {
  const found = new Set<string>();
  for (const body of bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>)]+/g))
      found.add(match[0].replace(/[.,;]+$/, '').replace(/&amp;/g, '&'));
  }
  return [...found];
}

/**
 * The local stand-in for SES: each e-mail becomes one JSON file under `<state>/outbox/`
 * (`{to, subject, text, html, links, sentAt}`) and its links are printed, so a developer can click the
 * verification link from the console. Written to a temp name then renamed: a reader never sees half a file.
 */
export function outboxMailer(
  stateDir: string,
  print: (line: string) => void = (l) => console.log(l),
): MailPort {
  const dir = join(stateDir, 'outbox');
  return {
    async send(message) {
      const sentAt = new Date().toISOString();
      const links = extractLinks(message.text, message.html);
      await mkdir(dir, { recursive: true });
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, JSON.stringify({ ...message, links, sentAt }, null, 2));
      await rename(tmp, join(dir, name));
      print(`[mail] to ${message.to}: ${message.subject}`);
      for (const link of links) print(`[mail]   ${link}`);
    },
  };
}
