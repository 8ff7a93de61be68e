import { createConnectionRecordsService } from '../connections/connection-records-service';
import { logger } from '../core/logger';
import { createFlowStartService } from './flow-service';
import { findIndustry } from './industry-repository';
import { findFlowTemplate } from './templates/registry';

/**
 * The start route's wiring, built once per cold start: the connection it needs and LinkedIn's
 * industries (the route checks the config against them already), whose labels name a flow by default.
 */
export const flowStarts = createFlowStartService({
  log: logger,
  now: () => new Date(),
  templates: { find: findFlowTemplate },
  connections: createConnectionRecordsService({ log: logger }),
  industries: { label: (value) => findIndustry(value)?.label },
});
