import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { clientConfig, singleton } from './local';

export const schedulerClient = singleton(() => new SchedulerClient(clientConfig()));
