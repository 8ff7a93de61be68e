import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyStripeSignature } from '../../../../../functions/core/adapters/stripe-payments';
import {
  SignatureError,
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../../../functions/core/adapters/stripe-signature';
import { InvalidSignatureError } from '../../../../../functions/core/ports/payments';

/**
 * The webhook signature without the `stripe` package, checked against the package itself (a dev
 * dependency here): what its signer makes we accept, what we sign its verifier accepts.
 */
const SECRET = 'whsec_unit_signature';
const NOW_SECONDS = 1_790_000_000;
const NOW_MS = NOW_SECONDS * 1000 + 999; // late in the second: the check works in whole seconds
const payload = JSON.stringify({
  id: 'evt_signature',
  object: 'event',
  type: 'invoice.paid',
  created: NOW_SECONDS,
  data: { object: {} },
});

/** Stripe's own test signer, `offset` seconds from the receiver's clock. */
const stripeSigned = (offset = 0, secret = SECRET, body = payload) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: NOW_SECONDS + offset });

const verify = (header: string | undefined, body = payload) =>
  verifyWebhookSignature(body, header, SECRET, NOW_MS);

describe('webhook signatures, Stripe scheme', () => {
  it('accept what Stripe signs, and answer the parsed event', () => {
    expect(verify(stripeSigned())).toEqual(JSON.parse(payload));
  });

  it('sign what Stripe accepts', () => {
    const header = signWebhookPayload(payload, SECRET, NOW_SECONDS);
    expect(header).toBe(stripeSigned());
    const event = Stripe.webhooks.constructEvent(payload, header, SECRET, 300, undefined, NOW_MS);
    expect(event.id).toBe('evt_signature');
  });

  it('refuse another secret, a body changed after signing, a missing header or one without v1', () => {
    expect(() => verify(stripeSigned(0, 'whsec_other'))).toThrow('No signature matches the payload');
    expect(() => verify(stripeSigned(), payload.replace('invoice.paid', 'invoice.void'))).toThrow(
      'No signature matches the payload',
    );
    expect(() => verify(undefined)).toThrow('Missing signature');
    expect(() => verify('')).toThrow('Missing signature');
    expect(() => verify(`t=${NOW_SECONDS}`)).toThrow('No v1 signature in the header');
    expect(() => verify('v1=abc')).toThrow('No timestamp in the signature');
    expect(() => verify('garbage')).toThrow(SignatureError);
  });

  it('accept a header with a second v1 during a secret roll, whichever comes first', () => {
    const ours = stripeSigned();
    const other = stripeSigned(0, 'whsec_old').split(',')[1]!;
    expect(verify(`${ours},${other}`)).toEqual(JSON.parse(payload));
    expect(verify(`t=${NOW_SECONDS},${other},${ours.split(',')[1]}`)).toEqual(JSON.parse(payload));
  });

  it('refuse a signature of another length or in other case without throwing anything else', () => {
    const [t, v1] = stripeSigned().split(',');
    expect(() => verify(`${t},${v1!.slice(0, -1)}`)).toThrow('No signature matches the payload');
    expect(() => verify(`${t},v1=${v1!.slice(3).toUpperCase()}`)).toThrow('No signature matches the payload');
  });

  it('refuse a signed body that is not JSON', () => {
    const header = signWebhookPayload('not json', SECRET, NOW_SECONDS);
    expect(() => verify(header, 'not json')).toThrow('The signed payload is not JSON');
  });
});

describe('webhook timestamps', () => {
  it('allow five minutes either way', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it('accept an event signed now, exactly five minutes ago, or exactly five minutes ahead', () => {
    for (const offset of [0, -300, 300])
      expect(verify(stripeSigned(offset)), `offset ${offset}`).toBeTruthy();
  });

  it('refuse an event signed one second more than five minutes ago, as Stripe does', () => {
    expect(() => verify(stripeSigned(-301))).toThrow('Timestamp outside the tolerance zone');
    expect(() =>
      Stripe.webhooks.constructEvent(payload, stripeSigned(-301), SECRET, 300, undefined, NOW_MS),
    ).toThrow(/tolerance/);
  });

  it('refuse an event signed one second more than five minutes ahead, or 15 minutes ahead', () => {
    for (const offset of [301, 900]) {
      expect(() => verify(stripeSigned(offset)), `offset ${offset}`).toThrow(
        'Timestamp is ahead of the tolerance zone',
      );
    }
  });

  it('judge the timestamp that was signed, not an extra t= put before it', () => {
    // The last t= is the signed one, as in Stripe's parser: an earlier forged one changes nothing.
    expect(() => verify(`t=${NOW_SECONDS},${stripeSigned(900)}`)).toThrow(
      'Timestamp is ahead of the tolerance zone',
    );
    expect(() => verify(`${stripeSigned(900)},t=${NOW_SECONDS}`)).toThrow('No signature matches the payload');
  });
});

describe('payment events from a verified delivery', () => {
  const checkout = (metadata: Record<string, string>, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      data: { object: { payment_status: 'paid', metadata, ...extra } },
    });
  const read = (body: string) =>
    verifyStripeSignature(body, signWebhookPayload(body, SECRET, NOW_SECONDS), SECRET, NOW_MS);

  it('read a paid checkout for a plan and its user', () => {
    expect(read(checkout({ userId: 'u-1', planId: 'plus' }))).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      checkout: { userId: 'u-1', planId: 'plus', paid: true },
    });
    expect(
      read(checkout({ planId: 'pro' }, { client_reference_id: 'u-2', payment_status: 'unpaid' })),
    ).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      checkout: { userId: 'u-2', planId: 'pro', paid: false },
    });
  });

  it('read other events, and checkouts for no known plan or user, as events the app does not act on', () => {
    expect(read(payload)).toEqual({ id: 'evt_signature', type: 'invoice.paid' });
    expect(read(checkout({ userId: 'u-1', planId: 'gold' }))).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
    });
    expect(read(checkout({ planId: 'plus' }))).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
    });
  });

  it('turn every refusal into InvalidSignatureError, a JSON that is no object included', () => {
    expect(() => verifyStripeSignature(payload, stripeSigned(0, 'whsec_other'), SECRET, NOW_MS)).toThrow(
      InvalidSignatureError,
    );
    expect(() => read('null')).toThrow(InvalidSignatureError);
    expect(() => verifyStripeSignature(payload, undefined, SECRET, NOW_MS)).toThrow('Missing signature');
  });
});
