/**
 * How the local cloud's stacks are synthesized. The stage is fixed, so one synthesis serves every local
 * cloud and test run; the local resources are found by what they are (the table, the queue named
 * `trob-runs`), not by their physical names. The public URL is not known at synth: the template carries
 * this placeholder where `publicAppUrl` goes, and the local cloud puts its own URL there.
 */
export const LOCAL_SYNTH_STAGE = 'local';
export const LOCAL_PUBLIC_APP_URL_PLACEHOLDER = 'https://app.trobly-local.invalid';

export const LOCAL_SYNTH_CONTEXT: Record<string, string> = {
  stage: LOCAL_SYNTH_STAGE,
  publicAppUrl: LOCAL_PUBLIC_APP_URL_PLACEHOLDER,
  region: 'us-east-1',
};
