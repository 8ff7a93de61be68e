import { CONNECTION_TEXTS, platformParams } from '../../shared/connections';
import { platformLabel } from '../../shared/platforms';
import { httpHandler } from '../core/http-handler';
import { isConnected } from './connection-service';

export const handler = httpHandler({ path: platformParams }, async ({ user, path }) => {
  const connected = await isConnected(user, path.platform);
  const label = platformLabel(path.platform);
  return {
    status: 'success',
    data: { connected, platform: path.platform },
    message: connected ? CONNECTION_TEXTS.checkConnected(label) : CONNECTION_TEXTS.checkNotConnected(label),
  };
});
