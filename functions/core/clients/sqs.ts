import { SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../env';
import { withLocalRights } from '../local-runtime';
import { clientConfig, singleton } from './local';

export const sqsClient = singleton(() => withLocalRights(new SQSClient(clientConfig(env().SQS_ENDPOINT))));
