import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The header CloudFront adds to every origin request with the stage's origin secret (functions/core/origin.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The caller's address, for rate limits. Behind CloudFront the API sees CloudFront's address, so the
 * viewer's comes from CloudFront-Viewer-Address, which CloudFront sets (replacing any a client sent).
 * It can be trusted only because every request was first checked to come through CloudFront (the origin
 * secret, functions/core/origin.ts, in both handler wrappers); locally the gateway writes it from its
 * socket's peer. X-Forwarded-For is not used because a client can write its first entries.
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  // "ip:port", IPv6 unbracketed (2001:db8::1:443) or bracketed: the port is always the last group.
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
