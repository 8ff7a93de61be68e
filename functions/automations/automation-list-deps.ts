import { createAutomationListService } from './automation-list-service';

/** The automations list route's wiring, built once per cold start: no queue client. */
export const automationList = createAutomationListService();
