import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../clients/dynamo';
import { isConditionalCheckFailure } from '../dynamo-errors';
import type { CheckoutRequest, PaidPlanId, PaymentsPort } from '../ports/payments';
import { expiresAfter, keys } from '../table';
import { verifyStripeSignature } from './stripe-payments';
import { signWebhookPayload } from './stripe-signature';

/**
 * The local stand-in for Stripe Checkout. A checkout session is an item in the table; its URL is the
 * web app's sandbox page, which completes it by asking the server to sign a Stripe-format
 * `checkout.session.completed` event with the sandbox's webhook secret and hand it to the same webhook
 * code that verifies real Stripe events.
 */
export interface SandboxSession extends CheckoutRequest {
  id: string;
  status: 'open' | 'complete';
  createdAt: string;
}

export const SANDBOX_PRICES: Record<PaidPlanId, { name: string; amount: number; currency: string }> = {
  pro: { name: 'Pro', amount: 3900, currency: 'usd' },
  plus: { name: 'Plus', amount: 6900, currency: 'usd' },
};

export function sandboxPayments(webhookSecret: string, appUrl: string): PaymentsPort & SandboxOperations {
  return {
    mode: 'sandbox',
    async createCheckoutSession(request) {
      const id = `cs_sandbox_${randomUUID().replace(/-/g, '')}`;
      const session: SandboxSession = { ...request, id, status: 'open', createdAt: new Date().toISOString() };
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.checkoutSession(id),
            type: 'SandboxCheckout',
            ...session,
            expiresAt: expiresAfter(24 * 3600),
          },
        }),
      );
      return { id, url: new URL(`/sandbox/checkout/${id}`, appUrl).toString() };
    },
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, webhookSecret),

    async findSession(id) {
      const out = await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: keys.checkoutSession(id) }),
      );
      return out.Item as SandboxSession | undefined;
    },

    async completeSession(id) {
      // Conditional: paying twice for one session is refused, as Stripe does; false when already paid.
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.checkoutSession(id),
            UpdateExpression: 'SET #status = :complete',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':complete': 'complete', ':open': 'open' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    signedCompletionEvent(session) {
      const payload = JSON.stringify({
        id: `evt_sandbox_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: session.id,
            object: 'checkout.session',
            client_reference_id: session.userId,
            customer_email: session.email,
            payment_status: 'paid',
            status: 'complete',
            metadata: { userId: session.userId, planId: session.planId },
          },
        },
      });
      const signature = signWebhookPayload(payload, webhookSecret, Math.floor(Date.now() / 1000));
      return { payload, signature };
    },
  };
}

export interface SandboxOperations {
  findSession(id: string): Promise<SandboxSession | undefined>;
  completeSession(id: string): Promise<boolean>;
  signedCompletionEvent(session: SandboxSession): { payload: string; signature: string };
}
