import type { Platform } from '../../shared/platforms';
import type { BrowserCookie } from '../platforms/browser';
import type { FlowDriver } from '../platforms/flow-driver-types';
import { linkedinFlowDriver } from '../platforms/linkedin/flow-driver';

/**
 * The flow driver of a platform over one session's cookies; undefined where flows do not run (X,
 * Instagram for now). A flow's run (functions/runs/) and the wizard's audience preview
 * (functions/flows/audience-service.ts) both drive the platform through it.
 */
export function flowDriverFor(platform: Platform, cookies: readonly BrowserCookie[]): FlowDriver | undefined {
  return platform === 'linkedin' ? linkedinFlowDriver(cookies) : undefined;
}
