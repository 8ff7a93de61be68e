/**
 * A fake AWS SDK client for the boundary: `send` records every command object and answers with
 * whatever `respond` returns (or throws). Tests check the command class and its `input`.
 */
export interface SentCommand {
  readonly input: unknown;
}

export interface RecordingClient<C> {
  /** The object to hand to the adapter in place of the real SDK client. */
  readonly client: C;
  /** Every command `send` received, in order. */
  readonly sent: SentCommand[];
}

export function recordingClient<C>(
  respond: (command: SentCommand) => unknown = () => ({}),
): RecordingClient<C> {
  const sent: SentCommand[] = [];
  const fake = {
    async send(command: SentCommand) {
      sent.push(command);
      return respond(command);
    },
  };
  return { client: fake as unknown as C, sent };
}
