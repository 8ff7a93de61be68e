import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BrandLogoType } from '../../shared/brand';
import { dynamo, tableName } from '../core/clients/dynamo';
import { keys } from '../core/table';

/**
 * A workspace's brand (DECISIONS 32; core/table.ts row 47): one item, replaced whole by each save.
 * The logo is stored as its bytes (a binary attribute), a third smaller than its base64.
 */
export interface StoredBrand {
  name: string;
  accentColor: string | null;
  logo: { type: BrandLogoType; bytes: Uint8Array } | null;
  updatedAt: string;
}

export async function findBrand(ownerId: string): Promise<StoredBrand | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.brand(ownerId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    name: Item.name as string,
    accentColor: (Item.accentColor as string | undefined) ?? null,
    logo: Item.logo ? { type: Item.logoType as BrandLogoType, bytes: Item.logo as Uint8Array } : null,
    updatedAt: Item.updatedAt as string,
  };
}

export async function putBrand(ownerId: string, brand: StoredBrand): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.brand(ownerId),
        type: 'Brand',
        name: brand.name,
        accentColor: brand.accentColor ?? undefined,
        logo: brand.logo?.bytes,
        logoType: brand.logo?.type,
        updatedAt: brand.updatedAt,
      },
    }),
  );
}

export async function deleteBrand(ownerId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.brand(ownerId) }));
}
