import { CONNECTION_TEXTS, platformParams } from '../../shared/connections';
import { platformLabel } from '../../shared/platforms';
import { httpHandler } from '../core/http-handler';
import { connectionRecords } from './connection-records-deps';

export const handler = httpHandler({ path: platformParams }, async ({ user, path }) => {
  const connected = await connectionRecords.isConnected(user, path.platform);
  const label = platformLabel(path.platform);
  return {
    status: 'success',
    data: { connected, platform: path.platform },
    message: connected ? CONNECTION_TEXTS.checkConnected(label) : CONNECTION_TEXTS.checkNotConnected(label),
  };
});
