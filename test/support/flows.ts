import type { FlowConfigInput } from '../../shared/flows';

/**
 * A template's default config on Autopilot: the flow's writes go without waiting for review (a new
 * flow reviews everything by default, issue 23). For tests of what a run sends.
 */
export function onAutopilot(defaults: FlowConfigInput | Partial<FlowConfigInput>): FlowConfigInput {
  const config = structuredClone(defaults) as FlowConfigInput;
  config.messagingSettings = { ...config.messagingSettings, reviewMode: 'autopilot' };
  return config;
}
