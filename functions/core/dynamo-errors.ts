/**
 * DynamoDB's refusals that the app acts on, read in one way everywhere. Checked by the error's name,
 * not `instanceof`, so an error from any copy of the SDK (the scheduler's own table, a test's client)
 * reads the same and this module imports nothing of the SDK.
 */

/** A single write (Put, Update, Delete) refused because its ConditionExpression did not hold. */
export function isConditionalCheckFailure(error: unknown): boolean {
  return nameOf(error) === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled transaction, each item's reason code in `TransactItems` order ('None' for an item
 * that was fine, 'ConditionalCheckFailed', 'TransactionConflict', ...); undefined for any other error.
 */
export function cancellationCodes(error: unknown): Array<string | undefined> | undefined {
  if (nameOf(error) !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code);
}

/** A cancelled transaction whose item at `index` (its place in `TransactItems`) failed its condition. */
export function isItemConditionFailure(error: unknown, index: number): boolean {
  return cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';
}

/**
 * A write that met a transaction on one of its items at the same instant, and nothing else: a single
 * write refused with TransactionConflictException, or a transaction cancelled for a conflict with no
 * condition failed. Trying it again is safe; DynamoDB's SDK does not.
 */
export function isConflictOnly(error: unknown): boolean {
  if (nameOf(error) === 'TransactionConflictException') return true;
  const codes = cancellationCodes(error);
  return Boolean(codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed'));
}

function nameOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
}
