import type { Lead } from '../../../shared/leads';

/** A stored lead with the fields an export reads: a LinkedIn profile URL and an extraction time. */
export const leadOf = (id: string, fields: Partial<Lead> & Pick<Lead, 'name'>): Lead => ({
  id,
  profileId: id,
  profileUrl: `https://www.linkedin.com/in/${id}`,
  extractedAt: '2026-04-10T07:08:09.000Z',
  ...fields,
});
