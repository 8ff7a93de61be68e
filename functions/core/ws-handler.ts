import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { AppError, toErrorResponse } from './errors';
import { type Logger, logger as rootLogger, setRequestLogFields } from './logger';

/**
 * Wrapper for WebSocket route handlers: request-scoped logger and the same error map as HTTP. For
 * `$connect` a non-2xx status refuses the connection; for other routes the status is recorded by
 * API Gateway and the client hears nothing (progress reaches it through the push port).
 */
export interface WebSocketEvent {
  requestContext: {
    connectionId: string;
    routeKey: string;
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
    requestId: string;
    domainName: string;
    stage: string;
    connectedAt?: number;
  };
  body?: string;
  isBase64Encoded?: boolean;
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
}
type Result = APIGatewayProxyResultV2;

interface Internal extends Record<string, unknown> {
  log: Logger;
}
type Req = Request<WebSocketEvent, Result, Error, Context, Internal>;

export interface WsInput {
  event: WebSocketEvent;
  /** API Gateway's connectionId: the app calls it a socket (a connection is a platform account). */
  socketId: string;
  log: Logger;
}

const context: MiddlewareObj<WebSocketEvent, Result, Error, Context, Internal> = {
  before: (request: Req) => {
    const { requestContext } = request.event;
    // Every logger, the services' root logger included, adds these to each line of this request.
    setRequestLogFields({
      requestId: requestContext.requestId,
      routeKey: requestContext.routeKey,
      socketId: requestContext.connectionId,
    });
  },
  onError: (request: Req) => {
    const { status, body } = toErrorResponse(request.error);
    if (request.error instanceof AppError)
      rootLogger.info('websocket request refused', { status, code: body.code });
    else rootLogger.error('websocket request failed', { error: request.error });
    request.response = { statusCode: status, body: JSON.stringify(body) };
  },
};

export function webSocketHandler(fn: (input: WsInput) => Promise<void> | void) {
  return middy<WebSocketEvent, Result, Error, Context, Internal>({ timeoutEarlyInMillis: 0 })
    .use(context)
    .handler(async (event) => {
      await fn({ event, socketId: event.requestContext.connectionId, log: rootLogger });
      return { statusCode: 200 };
    });
}
