import { Table } from '@mantine/core';
import { IconExternalLink, IconSparkles } from '@tabler/icons-react';
import { memo, useLayoutEffect, useRef } from 'react';
import type { AiMatchedLead } from '../../../../../shared/ai-filter';
import type { Lead } from '../../../../../shared/leads';
import { PersonAvatar } from '../../../lib/ui/PersonAvatar';
import { roleLine, skillChips } from '../lead-index';
import { LEADS_TEXTS } from '../leads-texts';
import { AccountLine, EngagementLine } from './LeadExtras';
import classes from './LeadRow.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** Only web addresses become links: a stored value is never a `javascript:` href. */
const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** One lead; drawn again only when the lead, its selection or its reason changes. */
const LeadRow = memo(function LeadRow({
  lead,
  selected,
  onToggle,
  reason,
}: {
  lead: Lead;
  selected: boolean;
  onToggle: (id: string) => void;
  reason?: string;
}) {
  const name = lead.name || LEADS_TEXTS.unknownUser;
  const role = roleLine(lead);
  const { chips, more } = skillChips(lead.skills);
  return (
    <Table.Tr data-testid="lead-row" data-lead-id={lead.id}>
      <Table.Td>
        <input
          type="checkbox"
          className={classes.select}
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={() => onToggle(lead.id)}
        />
      </Table.Td>
      <Table.Td>
        <div className={classes.person}>
          <PersonAvatar image={lead.profileImage} initials={initials(name)} />
          <div className={classes.details}>
            <p className={classes.name} data-testid="lead-name">
              {name}
            </p>
            <AccountLine lead={lead} />
            {lead.headline && <p className={classes.headline}>{lead.headline}</p>}
            {chips.length > 0 && (
              <ul className={classes.skills} data-testid="skill-chips" aria-label="Skills">
                {chips.map((chip) => (
                  <li
                    key={chip.full}
                    className={classes.chip}
                    title={chip.label === chip.full ? undefined : chip.full}
                  >
                    {chip.label}
                  </li>
                ))}
                {more > 0 && (
                  <li className={classes.more} aria-label={`${more} more skills`}>
                    +{more}
                  </li>
                )}
              </ul>
            )}
            {role && <p className={classes.role}>{role}</p>}
            <EngagementLine engagement={lead.engagement} />
            {isWebUrl(lead.website) && (
              <a className={classes.website} href={lead.website} target="_blank" rel="noopener noreferrer">
                {hostOf(lead.website)}
              </a>
            )}
            {reason && (
              <p className={classes.reason} data-testid="ai-reason">
                <IconSparkles size={14} aria-hidden />
                <span>{reason}</span>
              </p>
            )}
          </div>
        </div>
      </Table.Td>
      <Table.Td>
        {isWebUrl(lead.profileUrl) ? (
          <a
            className={classes.view}
            href={lead.profileUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${name}'s profile (opens in a new tab)`}
          >
            {LEADS_TEXTS.view}
            <IconExternalLink size={14} aria-hidden />
          </a>
        ) : (
          // Demo leads have no profile to open ('#').
          <button type="button" className={classes.view} disabled title="No profile link">
            {LEADS_TEXTS.view}
          </button>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

/** The page's checkbox, plain like the rows': its partial state is the native one (read as "mixed"), set from script. */
function PageCheckbox({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  // Before paint, so a partly selected page never shows unticked for a frame.
  useLayoutEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={box}
      type="checkbox"
      className={classes.select}
      aria-label="Select all leads on this page"
      checked={checked}
      onChange={onChange}
      data-testid="page-checkbox"
    />
  );
}

/**
 * Part 2 section 2.11: a checkbox column (the page's checkbox is indeterminate when some of the page
 * is selected), a Name column and an Actions column. Only the current page's rows are rendered.
 */
export const LeadsTable = memo(function LeadsTable({
  leads,
  selected,
  onToggle,
  onTogglePage,
  reasons,
}: {
  leads: readonly Lead[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
  reasons?: ReadonlyMap<string, AiMatchedLead>;
}) {
  const selectedOnPage = leads.filter((lead) => selected.has(lead.id)).length;
  const all = leads.length > 0 && selectedOnPage === leads.length;
  return (
    // A plain scrolling box: Mantine's ScrollContainer brings its custom scroll area's code even in its
    // native mode (issue 38 point 2).
    <div className={classes.scroll}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Extracted leads" data-testid="leads-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={44}>
              <PageCheckbox
                checked={all}
                indeterminate={selectedOnPage > 0 && !all}
                onChange={onTogglePage}
              />
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col" w={96}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              selected={selected.has(lead.id)}
              onToggle={onToggle}
              reason={reasons?.get(lead.id)?.reason}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
});
