import { createLeadsService } from './leads-service';

/** The leads routes' wiring, built once per cold start. */
export const leads = createLeadsService();
