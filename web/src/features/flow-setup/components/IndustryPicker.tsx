import { Combobox, Loader, Pill, PillsInput, Text, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, type Ref, useMemo, useRef, useState } from 'react';
import { INDUSTRY_SEARCH_LIMIT, type IndustryOption } from '../../../../../shared/flow-options';
import { useIndustrySearch } from '../api/setup';
import { WIZARD_TEXTS } from '../setup-texts';
import { useStandInHandover } from './ListStandIn';

/** How long typing rests before the server is asked (spec 2.3: only for queries over 1 character). */
export const INDUSTRY_SEARCH_DEBOUNCE_MS = 250;

/**
 * The industries the picker lists for a query (spec 2.3): with an empty query the first 50; else the
 * loaded industries whose label or value holds the query (ignoring case), then the server's answer
 * for it (which also finds industries by their place in LinkedIn's hierarchy), each once, at most 50.
 */
export function industryMatches(
  options: readonly IndustryOption[],
  query: string,
  serverResults: readonly IndustryOption[] | undefined,
): IndustryOption[] {
  const limit = INDUSTRY_SEARCH_LIMIT.default;
  const needle = query.trim().toLowerCase();
  const local =
    needle === ''
      ? options.slice(0, limit)
      : options.filter(
          (option) =>
            option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle),
        );
  const seen = new Set<string>();
  const out: IndustryOption[] = [];
  for (const option of [...local, ...(serverResults ?? [])]) {
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    out.push(option);
    if (out.length === limit) break;
  }
  return out;
}

interface IndustryPickerProps {
  /** The input's id (the stand-in's before it, ListStandIn.tsx). */
  id: string;
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Every industry; undefined while loading (the fallback five when the load failed). */
  options: readonly IndustryOption[] | undefined;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  /** Where the picker keeps the label of every industry it has seen (the review reads it too). */
  labels?: Map<string, string>;
}

/**
 * Spec 2.3's industry picker: a multi-select over LinkedIn's industries. Local filtering by label or
 * value, a server search for queries over 1 character; an industry is chosen once; Escape closes the
 * list; Enter adds the highlighted industry, or else the first match not chosen yet; Backspace in the
 * empty field removes the last one; each chosen industry has its own Remove button.
 */
export function IndustryPicker({
  id,
  value,
  onChange,
  options,
  error,
  inputRef,
  onBlur,
  labels: knownLabels,
}: IndustryPickerProps) {
  const labelId = `${id}-label`;
  // What was typed into the stand-in before this picker's code came (ListStandIn.tsx) is the first query.
  const handedOver = useStandInHandover(id);
  const [query, setQuery] = useState(handedOver);
  const [debounced] = useDebouncedValue(query, INDUSTRY_SEARCH_DEBOUNCE_MS);
  // Only the answer for what the field says now: an older query's answer is not mixed in.
  const settled = debounced.trim() === query.trim();
  const { results, isSearching } = useIndustrySearch(debounced);
  const [announcement, setAnnouncement] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // The label of every industry the picker has seen, so a chosen one found by the server keeps its name.
  const labels = useRef(knownLabels ?? new Map<string, string>());
  for (const option of [...(options ?? []), ...(results ?? [])])
    labels.current.set(option.value, option.label);
  const labelOf = (industry: string) => labels.current.get(industry) ?? industry;

  const matches = useMemo(
    () => industryMatches(options ?? [], query, settled ? results : undefined),
    [options, query, settled, results],
  );
  const chosen = new Set(value);

  const add = (industry: string) => {
    if (chosen.has(industry)) return;
    onChange([...value, industry]);
    setQuery('');
    combobox.resetSelectedOption();
    setAnnouncement(`${labelOf(industry)} added`);
  };
  const remove = (industry: string) => {
    onChange(value.filter((v) => v !== industry));
    setAnnouncement(`${labelOf(industry)} removed`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Never the form's submit; the highlighted option is the combobox's to add.
      event.preventDefault();
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      const first = matches.find((option) => !chosen.has(option.value));
      if (first) add(first.value);
      return;
    }
    if (event.key === 'Backspace' && query === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={(industry) => add(industry)}>
        <Combobox.DropdownTarget>
          <PillsInput
            id={id}
            label={WIZARD_TEXTS.industries}
            labelProps={{ id: labelId }}
            description={WIZARD_TEXTS.industriesHint}
            required
            error={error}
            onClick={() => combobox.openDropdown()}
            rightSection={isSearching ? <Loader size={16} aria-hidden /> : undefined}
          >
            <Pill.Group>
              {value.map((industry) => (
                <Pill
                  key={industry}
                  withRemoveButton
                  onRemove={() => remove(industry)}
                  removeButtonProps={{
                    tabIndex: 0,
                    'aria-hidden': false,
                    'aria-label': WIZARD_TEXTS.remove(labelOf(industry)),
                  }}
                  data-testid="industry-pill"
                >
                  {labelOf(industry)}
                </Pill>
              ))}
              <Combobox.EventsTarget withExpandedAttribute>
                <PillsInput.Field
                  ref={inputRef}
                  id={id}
                  value={query}
                  placeholder={value.length === 0 ? WIZARD_TEXTS.industriesPlaceholder : undefined}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => {
                    combobox.closeDropdown();
                    onBlur?.();
                  }}
                  onChange={(event) => {
                    setQuery(event.currentTarget.value);
                    combobox.openDropdown();
                    combobox.resetSelectedOption();
                  }}
                  onKeyDown={onKeyDown}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>

        <Combobox.Dropdown>
          <Combobox.Options labelledBy={labelId} mah={280} style={{ overflowY: 'auto' }}>
            {options === undefined ? (
              <Combobox.Empty>Loading industries…</Combobox.Empty>
            ) : matches.length === 0 ? (
              <Combobox.Empty>
                {isSearching ? WIZARD_TEXTS.industriesSearching : WIZARD_TEXTS.industriesNone}
              </Combobox.Empty>
            ) : (
              matches.map((option) => {
                const selected = chosen.has(option.value);
                return (
                  <Combobox.Option
                    key={option.value}
                    value={option.value}
                    disabled={selected}
                    selected={selected}
                    aria-selected={selected}
                    data-testid="industry-option"
                  >
                    <Text size="sm" component="span" fw={selected ? 600 : undefined}>
                      {option.label}
                    </Text>
                  </Combobox.Option>
                );
              })
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden aria-live="polite" data-testid="industry-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
