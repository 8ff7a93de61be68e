import { SESv2Client } from '@aws-sdk/client-sesv2';
import { clientConfig, singleton } from './local';

export const sesClient = singleton(() => new SESv2Client(clientConfig()));
