import { SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../env';
import { clientConfig, singleton } from './local';

export const sqsClient = singleton(() => new SQSClient(clientConfig(env().SQS_ENDPOINT)));
