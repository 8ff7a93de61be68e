import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  InvalidSignatureError,
  verifyStripeSignature,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../../../functions/core/ports/payments';

const SECRET = 'whsec_unit_tolerance';
const NOW_SECONDS = 1_790_000_000;
const NOW_MS = NOW_SECONDS * 1000 + 999; // late in the second: the check works in whole seconds
const payload = JSON.stringify({
  id: 'evt_tolerance',
  object: 'event',
  type: 'invoice.paid',
  created: NOW_SECONDS,
  data: { object: {} },
});

/** A correctly signed delivery whose signed timestamp is `offset` seconds from the receiver's clock. */
const signedAt = (offset: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: NOW_SECONDS + offset });

const verify = (signature: string) => verifyStripeSignature(payload, signature, SECRET, NOW_MS);

describe('payment webhook timestamps', () => {
  it('allow five minutes either way', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it('accept an event signed now, exactly five minutes ago, or exactly five minutes ahead', () => {
    for (const offset of [0, -300, 300])
      expect(verify(signedAt(offset)).id, `offset ${offset}`).toBe('evt_tolerance');
  });

  it('refuse an event signed one second more than five minutes ago', () => {
    expect(() => verify(signedAt(-301))).toThrow(InvalidSignatureError);
    expect(() => verify(signedAt(-301))).toThrow(/tolerance/);
  });

  it('refuse an event signed one second more than five minutes ahead, or 15 minutes ahead', () => {
    for (const offset of [301, 900]) {
      expect(() => verify(signedAt(offset)), `offset ${offset}`).toThrow(InvalidSignatureError);
      expect(() => verify(signedAt(offset))).toThrow('Timestamp is ahead of the tolerance zone');
    }
  });

  it('judge the timestamp that was signed, not an extra t= put before it', () => {
    // Stripe's parser keeps the last t=; a forged earlier one must not make a future event look current.
    const future = signedAt(900);
    expect(() => verify(`t=${NOW_SECONDS},${future}`)).toThrow(InvalidSignatureError);
  });

  it('refuse a missing signature', () => {
    expect(() => verifyStripeSignature(payload, undefined, SECRET, NOW_MS)).toThrow('Missing signature');
  });
});
