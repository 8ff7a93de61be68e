/**
 * The flow screens' paths (spec part 2, section 2), shared by the flow features (the list and analytics,
 * setup, insights, review) and the trob catalogue, which sends a flow template's Start to its setup
 * wizard (issue 20 point 3).
 */
export const FLOWS_PATH = '/flows';

/** The flows list with a tab open: `/flows?tab=running` after the wizard's start (spec 2.1, 4). */
export const flowsTabPath = (tab: 'available' | 'running') => `${FLOWS_PATH}?tab=${tab}`;

export const flowTemplatePath = (templateId: string) =>
  `${FLOWS_PATH}/template/${encodeURIComponent(templateId)}`;

export const flowSetupPath = (templateId: string) => `${FLOWS_PATH}/setup/${encodeURIComponent(templateId)}`;

export const flowAnalyticsPath = (flowId: string) => `${FLOWS_PATH}/${encodeURIComponent(flowId)}/analytics`;

export const flowActivitiesPath = (flowId: string) =>
  `${FLOWS_PATH}/${encodeURIComponent(flowId)}/activities`;

/** The flow's review queue (issue 23). */
export const flowReviewPath = (flowId: string) => `${FLOWS_PATH}/${encodeURIComponent(flowId)}/review`;

export const flowProspectsPath = (flowId: string) => `${FLOWS_PATH}/${encodeURIComponent(flowId)}/prospects`;
