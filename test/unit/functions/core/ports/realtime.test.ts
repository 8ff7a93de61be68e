import {
  type ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { describe, expect, it } from 'vitest';
import { apiGatewayPush } from '../../../../../functions/core/ports/realtime';
import { recordingClient } from '../../../support/recording-client';

const gone = () => new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } });

describe('apiGatewayPush', () => {
  it('posts the payload as JSON bytes to the connection and reports sent', async () => {
    const api = recordingClient<ApiGatewayManagementApiClient>();
    const payload = { type: 'job:progress', data: { jobId: 'j-1', percent: 40 } };
    await expect(apiGatewayPush(api.client).post('conn-1', payload)).resolves.toBe('sent');
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]).toBeInstanceOf(PostToConnectionCommand);
    const input = (api.sent[0] as PostToConnectionCommand).input;
    expect(input.ConnectionId).toBe('conn-1');
    expect(JSON.parse(Buffer.from(input.Data as Uint8Array).toString('utf8'))).toEqual(payload);
  });

  it('reports gone when the connection has closed (GoneException)', async () => {
    const api = recordingClient<ApiGatewayManagementApiClient>(() => {
      throw gone();
    });
    await expect(apiGatewayPush(api.client).post('conn-1', {})).resolves.toBe('gone');
  });

  it('reports gone for a 410 answer that is not a GoneException instance', async () => {
    const api = recordingClient<ApiGatewayManagementApiClient>(() => {
      throw Object.assign(new Error('Gone'), { $metadata: { httpStatusCode: 410 } });
    });
    await expect(apiGatewayPush(api.client).post('conn-1', {})).resolves.toBe('gone');
  });

  it('lets any other error reach the caller', async () => {
    const api = recordingClient<ApiGatewayManagementApiClient>(() => {
      throw Object.assign(new Error('LimitExceededException'), { $metadata: { httpStatusCode: 429 } });
    });
    await expect(apiGatewayPush(api.client).post('conn-1', {})).rejects.toThrow('LimitExceededException');
  });

  it('deletes a connection and ignores one already gone', async () => {
    const api = recordingClient<ApiGatewayManagementApiClient>();
    await apiGatewayPush(api.client).disconnect('conn-2');
    expect(api.sent[0]).toBeInstanceOf(DeleteConnectionCommand);
    expect(api.sent[0]!.input).toEqual({ ConnectionId: 'conn-2' });

    const goneApi = recordingClient<ApiGatewayManagementApiClient>(() => {
      throw gone();
    });
    await expect(apiGatewayPush(goneApi.client).disconnect('conn-2')).resolves.toBeUndefined();
  });
});
