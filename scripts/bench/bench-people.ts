/**
 * The people the flow benches seed (flow-insights.ts, review-screen.ts): plant and maintenance
 * teams in renewable energy, as the flow templates' examples target, made up and deterministic.
 */
export const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Luis',
];
export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Patel',
  'Kowalski',
  'Nakamura',
  'Haddad',
  'Brennan',
  'Silva',
];
export const COMPANIES = [
  'Northwind Energy',
  'Helio Grid',
  'Vattenkraft AB',
  'Solara Systems',
  'Windmark Operations',
  'Blue Turbine',
  'Ferro Plants',
  'Gridline Services',
  'Terra Storage',
  'Kinetic Utilities',
  'Aurora Fleet',
  'Delta Power Works',
  'Evergreen Maintenance',
  'Quanta Renewables',
  'Polar Hydro',
  'Summit Assets',
];
export const TITLES = [
  'Head of Operations',
  'Maintenance Manager',
  'Plant Manager',
  'VP Asset Management',
  'Reliability Engineer',
  'Director of Field Services',
  'COO',
];
