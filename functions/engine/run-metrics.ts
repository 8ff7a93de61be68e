import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * The counters operators watch (issue 11 point 4), as CloudWatch embedded-metric lines through
 * Powertools. Off on the local cloud and in tests (POWERTOOLS_METRICS_DISABLED), where no one reads them.
 */
export const RUN_METRICS = {
  started: 'RunsStarted',
  completed: 'RunsCompleted',
  failed: 'RunsFailed',
  challenged: 'RunsChallenged',
  leadsWritten: 'LeadsWritten',
  budgetWaits: 'BudgetWaits',
  continued: 'RunsContinued',
  duplicates: 'DuplicateDeliveries',
} as const;
export type RunMetric = (typeof RUN_METRICS)[keyof typeof RUN_METRICS];

export const metrics = new Metrics({ namespace: 'Trobly', serviceName: 'trob-engine' });

export interface RunMetrics {
  count(metric: RunMetric, value?: number): void;
}

export const runMetrics: RunMetrics = {
  count(metric, value = 1) {
    metrics.addMetric(metric, MetricUnit.Count, value);
  },
};
