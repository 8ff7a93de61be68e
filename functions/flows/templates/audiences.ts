import type { CountryCode } from '../../../shared/flows';

/**
 * The LinkedIn industries (industry codes v2 ids, as text) and country groups the flow templates'
 * examples target. Every example finds people in the sandbox LinkedIn world as well
 * (test/unit/functions/flows/flow-templates.test.ts), so a template can be tried on the local cloud.
 */
export const INDUSTRY = {
  fuelCellManufacturing: '3255',
  alternativeFuelVehicleManufacturing: '3253',
  biomassElectricPowerGeneration: '390',
  enginesAndPowerTransmissionEquipmentManufacturing: '935',
  environmentalServices: '86',
  personalCareProductManufacturing: '18',
  breweries: '562',
  barsTavernsAndNightclubs: '2217',
  regenerativeDesign: '3256',
  retailMotorVehicles: '1292',
  buildingFinishingContractors: '460',
  alternativeDisputeResolution: '120',
  homeHealthCareServices: '2074',
  fundraising: '101',
  freightAndPackageTransportation: '87',
} as const;

export const NORTH_AMERICA: CountryCode[] = ['US', 'CA'];
export const EUROPE: CountryCode[] = ['GB', 'IE', 'DE', 'FR', 'NL', 'ES', 'PT', 'IT', 'SE'];
export const ASIA_PACIFIC: CountryCode[] = ['JP', 'SG', 'AU', 'IN'];
/** North America, Europe, Asia-Pacific and Brazil. */
export const WORLDWIDE: CountryCode[] = [...NORTH_AMERICA, ...EUROPE, ...ASIA_PACIFIC, 'BR'];
