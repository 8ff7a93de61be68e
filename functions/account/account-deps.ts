import { logger } from '../core/logger';
import { createAccountService } from './account-service';

export const accountService = createAccountService({ log: logger });
