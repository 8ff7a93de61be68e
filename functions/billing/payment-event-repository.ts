import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure, isItemConditionFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * Payment events are applied exactly once: the event's record and its effect on the user are written in
 * one transaction, so a retry after a failure re-applies it, and a duplicate delivery changes nothing.
 */
export type RecordOutcome = 'applied' | 'duplicate' | 'user-gone';

const eventItem = (id: string, type: string, receivedAt: string) => ({
  ...keys.paymentEvent(id),
  type: 'PaymentEvent',
  eventType: type,
  receivedAt,
});

export async function recordEvent(id: string, type: string, receivedAt: string): Promise<RecordOutcome> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: eventItem(id, type, receivedAt),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'applied';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'duplicate';
    throw error;
  }
}

export async function recordEventSettingPlan(
  event: { id: string; type: string; receivedAt: string },
  userId: string,
  plan: 'PRO' | 'PLUS',
): Promise<RecordOutcome> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: eventItem(event.id, event.type, event.receivedAt),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(userId),
              UpdateExpression: 'SET #plan = :plan, trialEndsAt = :none',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#plan': 'plan' },
              ExpressionAttributeValues: { ':plan': plan, ':none': null },
            },
          },
        ],
      }),
    );
    return 'applied';
  } catch (error) {
    if (isItemConditionFailure(error, 0)) return 'duplicate';
    if (isItemConditionFailure(error, 1)) {
      // The account was deleted after paying: keep the event so a retry is not applied later.
      await recordEvent(event.id, event.type, event.receivedAt);
      return 'user-gone';
    }
    throw error;
  }
}
