/**
 * Takes the place of @smithy/core/event-streams in Lambda bundles (an esbuild alias in
 * lib/constructs/app-function.ts). The SDK's protocol code loads event-stream support with a dynamic
 * import, which a single-file bundle inlines, so every function carried about 19 KB of it; yet only
 * clients whose operations stream events use it, and no function uses such a client (the AI filter
 * reads Bedrock's event stream itself: functions/ai/aws-event-stream.ts). A client that streams
 * events imports `resolveEventStreamSerdeConfig` from the real module, which this one leaves out on
 * purpose, so adding one fails the bundle build instead of a request. The local cloud runs the
 * sources, with the real module.
 */
const unbundled = (): never => {
  throw new Error('AWS SDK event streams are not bundled (functions/core/clients/no-event-streams.ts)');
};

export class EventStreamSerde {
  constructor() {
    unbundled();
  }
}

export const eventStreamSerdeProvider = unbundled;
