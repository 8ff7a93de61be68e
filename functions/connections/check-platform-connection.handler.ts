import { CONNECTION_TEXTS, platformParams } from '../../shared/connections';
import { platformLabel } from '../../shared/platforms';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connectionRecords } from './connection-records-deps';

const route = httpRoute('connections/check-platform-connection');

export const handler = httpHandler({ route, path: platformParams }, async ({ user, path }) => {
  const connected = await connectionRecords.isConnected(user, path.platform);
  const label = platformLabel(path.platform);
  return {
    status: 'success',
    data: { connected, platform: path.platform },
    message: connected ? CONNECTION_TEXTS.checkConnected(label) : CONNECTION_TEXTS.checkNotConnected(label),
  };
});
