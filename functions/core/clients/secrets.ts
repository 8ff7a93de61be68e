import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientConfig, singleton } from './local';

export const secretsClient = singleton(() => new SecretsManagerClient(clientConfig()));
