import type { TrobContext } from '../trob-context';

type Governor = TrobContext['governor'];
type Action = Parameters<Governor['take']>[0];
type TakeAnswer = Awaited<ReturnType<Governor['take']>>;

/**
 * Actions taken from the account's budget `per` at a time and used one by one: a long list read at
 * zero pacing writes its budget counters half as often. Each action is still taken before it is done,
 * and the budget never lets the account go past its limits: near a limit the take falls back to one.
 * What was taken and not used is given back by `giveBack` (the handler's last step, however it ends).
 */
export function prepaidTakes(governor: Governor, per: number) {
  let left: { action: Action; count: number; takenAt: Date } | undefined;
  const giveBack = async (): Promise<void> => {
    const unused = left;
    left = undefined;
    if (unused && unused.count > 0) await governor.giveBack(unused.action, unused.count, unused.takenAt);
  };
  return {
    async take(action: Action): Promise<TakeAnswer> {
      if (left?.action === action && left.count > 0) {
        left.count--;
        return { ok: true, takenAt: left.takenAt };
      }
      await giveBack();
      const many = await governor.take(action, per);
      if (many.ok) {
        left = { action, count: per - 1, takenAt: many.takenAt };
        return many;
      }
      // Fewer than `per` left today or this week (or the account rests): one, or the refusal.
      return governor.take(action);
    },
    giveBack,
  };
}
