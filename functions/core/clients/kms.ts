import { KMSClient } from '@aws-sdk/client-kms';
import { clientConfig, singleton } from './local';

export const kmsClient = singleton(() => new KMSClient(clientConfig()));
