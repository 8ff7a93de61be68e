import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from '../env';
import { withLocalRights } from '../local-runtime';
import { clientConfig, singleton } from './local';

export const realtimeClient = singleton(() => {
  const endpoint = env().REALTIME_ENDPOINT;
  if (!endpoint) throw new Error('Invalid environment: REALTIME_ENDPOINT is not set');
  return withLocalRights(new ApiGatewayManagementApiClient({ ...clientConfig(), endpoint }));
});
