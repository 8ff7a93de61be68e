import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { type TableAttribute, tableBaseName, tableDefinition } from '../functions/core/table';
import { isProdStage, removalPolicyFor } from './stage';

export interface DataStackProps extends StackProps {
  readonly stage: string;
}

const attribute = (a: TableAttribute): dynamodb.Attribute => ({
  name: a.name,
  type: a.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

/** What outlives every deploy: the single table and the keys. Nothing here depends on another stack. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly tableKey: kms.Key;
  /** Envelope encryption of platform session cookies (DESIGN 5), separate from the table's key. */
  readonly cookieKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const removalPolicy = removalPolicyFor(stage);

    this.tableKey = new kms.Key(this, 'TableKey', {
      description: `Trobly ${stage}: DynamoDB table encryption`,
      enableKeyRotation: true,
      removalPolicy,
    });
    this.cookieKey = new kms.Key(this, 'CookieKey', {
      description: `Trobly ${stage}: envelope encryption of platform session cookies`,
      enableKeyRotation: true,
      removalPolicy,
    });

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: `${stage}-${tableBaseName}`,
      partitionKey: attribute(tableDefinition.partitionKey),
      sortKey: attribute(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.tableKey,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: isProdStage(stage),
      removalPolicy,
    });
    for (const index of tableDefinition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'CookieKeyArn', { value: this.cookieKey.keyArn });
  }
}
