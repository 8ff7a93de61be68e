import { describe, expect, it } from 'vitest';
import { type RunMessage, runMessage } from '../../../shared/run-messages';

const messages: RunMessage[] = [
  { kind: 'trob-run', jobId: 'a1', automationId: 'a1', workspaceId: 'w1', segment: 0 },
  { kind: 'trob-tick', automationId: 'a1', workspaceId: 'w1' },
  { kind: 'flow-run', jobId: 'f1.2', automationId: 'f1', workspaceId: 'w1', segment: 3 },
  { kind: 'flow-tick', automationId: 'f1', workspaceId: 'w1' },
];

/** The same message as it was put before issue 37 point 5: its workspace named `userId`. */
const putBefore = ({ workspaceId, ...rest }: RunMessage) => ({ ...rest, userId: workspaceId });

describe('run messages name their workspace', () => {
  it('reads every kind as written now', () => {
    for (const message of messages) expect(runMessage.parse(message)).toEqual(message);
  });

  it('reads a message put before the rename (queued, or a stored schedule payload) as the new shape', () => {
    for (const message of messages) {
      const parsed = runMessage.safeParse(JSON.parse(JSON.stringify(putBefore(message))));
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(message);
      expect(parsed.data).not.toHaveProperty('userId');
    }
  });

  it('refuses a message that names no workspace', () => {
    for (const { workspaceId: _, ...nameless } of messages) {
      const parsed = runMessage.safeParse(nameless);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['workspaceId']);
    }
  });

  it('refuses a message that names it twice, as workspaceId and userId (even the same id)', () => {
    for (const message of messages) {
      for (const userId of ['w1', 'w2']) {
        const parsed = runMessage.safeParse({ ...message, userId });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe('A run message names its workspace once');
      }
    }
  });

  it('refuses an old message whose userId is no id, under its new name', () => {
    const parsed = runMessage.safeParse({ ...putBefore(messages[1]!), userId: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['workspaceId']);
  });

  it('refuses what is no message', () => {
    for (const body of [null, 'trob-run', 42, [], { kind: 'no-such-kind', workspaceId: 'w1' }])
      expect(runMessage.safeParse(body).success).toBe(false);
  });
});
