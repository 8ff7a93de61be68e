import type { Lead } from '../../shared/leads';

/** A stored lead with its required fields derived from `id`, and whatever else the test names. */
export const leadOf = (id: string, fields: Partial<Lead> = {}): Lead => ({
  id,
  profileId: id,
  name: id,
  profileUrl: `https://www.linkedin.com/in/${id}`,
  extractedAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});
