import {
  ConditionalCheckFailedException,
  ResourceNotFoundException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  cancellationCodes,
  isConditionalCheckFailure,
  isItemConditionFailure,
} from '../../../../functions/core/dynamo-errors';

const meta = { $metadata: {} };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    ...meta,
    message: 'Transaction cancelled',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('isConditionalCheckFailure', () => {
  it("is true for the SDK's ConditionalCheckFailedException", () => {
    expect(isConditionalCheckFailure(new ConditionalCheckFailedException({ ...meta, message: 'no' }))).toBe(
      true,
    );
  });

  it('reads the name, so an error from another copy of the SDK counts too', () => {
    expect(
      isConditionalCheckFailure(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' })),
    ).toBe(true);
  });

  it('is false for other errors, a cancelled transaction and non-errors', () => {
    expect(isConditionalCheckFailure(new ResourceNotFoundException({ ...meta, message: 'gone' }))).toBe(
      false,
    );
    expect(isConditionalCheckFailure(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isConditionalCheckFailure(new Error('boom'))).toBe(false);
    expect(isConditionalCheckFailure(undefined)).toBe(false);
    expect(isConditionalCheckFailure(null)).toBe(false);
    expect(isConditionalCheckFailure('ConditionalCheckFailedException')).toBe(false);
  });
});

describe('cancellationCodes', () => {
  it("lists a cancelled transaction's reason codes in item order", () => {
    expect(cancellationCodes(cancelled('None', 'ConditionalCheckFailed', 'None'))).toEqual([
      'None',
      'ConditionalCheckFailed',
      'None',
    ]);
  });

  it('is an empty list for a cancellation without reasons, undefined for anything else', () => {
    expect(cancellationCodes(new TransactionCanceledException({ ...meta, message: 'x' }))).toEqual([]);
    expect(
      cancellationCodes(new ConditionalCheckFailedException({ ...meta, message: 'no' })),
    ).toBeUndefined();
    expect(cancellationCodes(new Error('boom'))).toBeUndefined();
    expect(cancellationCodes(undefined)).toBeUndefined();
  });
});

describe('isItemConditionFailure', () => {
  it('names the item whose condition failed, by its place in TransactItems', () => {
    const error = cancelled('None', 'ConditionalCheckFailed');
    expect(isItemConditionFailure(error, 0)).toBe(false);
    expect(isItemConditionFailure(error, 1)).toBe(true);
    expect(isItemConditionFailure(error, 2)).toBe(false);
  });

  it('is false for a conflict, a single-write failure and other errors', () => {
    expect(isItemConditionFailure(cancelled('TransactionConflict'), 0)).toBe(false);
    expect(isItemConditionFailure(new ConditionalCheckFailedException({ ...meta, message: 'no' }), 0)).toBe(
      false,
    );
    expect(isItemConditionFailure(new Error('boom'), 0)).toBe(false);
  });
});
