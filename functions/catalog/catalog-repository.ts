import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Template, TemplateDefinition } from '../../shared/catalogue';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * Catalogue items: the template's content (owned by code, rewritten by every seed) and its usage
 * count (owned by the table: a real count of starts, never reset by a seed).
 */
export type StoredTemplate = Template & { usageCount: number };

/** Every content field a seed writes; anything else on the item (usageCount, keys) is left alone. */
export const CONTENT_FIELDS = [
  'id',
  'displayName',
  'summary',
  'description',
  'detailedDescription',
  'platform',
  'category',
  'difficulty',
  'difficultyLevel',
  'successRate',
  'estimatedTime',
  'isFlow',
  'isSmartFlow',
  'features',
  'requirements',
  'limitations',
  'videoUrl',
  'defaultConfig',
  'configSchema',
  'examples',
] as const satisfies readonly (keyof TemplateDefinition)[];

function fromItem(item: Record<string, unknown>): StoredTemplate {
  const out: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  out.usageCount = typeof item.usageCount === 'number' ? item.usageCount : 0;
  return out as StoredTemplate;
}

export async function listTemplates(): Promise<StoredTemplate[]> {
  const { pk, skPrefix } = keys.catalogTemplatesPrefix();
  const out: StoredTemplate[] = [];
  for await (const item of queryByPrefix(pk, skPrefix)) out.push(fromItem(item));
  return out;
}

export async function findTemplate(id: string): Promise<StoredTemplate | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.catalogTemplate(id) }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * Writes a template's content, keeping its usage count (0 for a new one). Fields the definition no
 * longer has (a removed video URL) are removed from the item.
 */
export async function upsertTemplate(definition: TemplateDefinition): Promise<void> {
  const names: Record<string, string> = { '#type': 'type', '#usageCount': 'usageCount' };
  const values: Record<string, unknown> = { ':type': 'CatalogTemplate', ':zero': 0 };
  const sets = ['#type = :type', '#usageCount = if_not_exists(#usageCount, :zero)'];
  const removes: string[] = [];
  CONTENT_FIELDS.forEach((field, i) => {
    names[`#f${i}`] = field;
    const value = definition[field];
    if (value === undefined) removes.push(`#f${i}`);
    else {
      values[`:f${i}`] = value;
      sets.push(`#f${i} = :f${i}`);
    }
  });
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.catalogTemplate(definition.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

export async function deleteTemplate(id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.catalogTemplate(id) }));
}

/** One more start of a trob (atomic). Returns false when no such template is in the catalogue. */
export async function incrementUsage(id: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.catalogTemplate(id),
        UpdateExpression: 'ADD #usageCount :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#usageCount': 'usageCount' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
