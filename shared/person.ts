/**
 * A person on a platform as a flow knows them, whoever holds them: the search's row
 * (functions/platforms/flow-driver-types.ts FlowPerson), the stored prospect
 * (functions/flows/prospect-repository.ts), the AI's prospect (functions/core/ports/ai.ts) and the
 * prospect the insights show (shared/flow-insights-values.ts). One shape, so what one reads the others keep.
 */
export interface PersonFields {
  /** The platform's stable person id (LinkedIn's profile id, ACoAA...). */
  id: string;
  name: string;
  headline?: string;
  title?: string;
  company?: string;
  location?: string;
  industry?: string;
}
