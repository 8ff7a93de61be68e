import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The caller's address, for rate limits. Behind CloudFront the API sees CloudFront's address, so the
 * viewer's comes from CloudFront-Viewer-Address (set by CloudFront, not by the browser); X-Forwarded-For
 * is not used because a client can write its first entries.
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
