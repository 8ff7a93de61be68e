import { ComboboxChevron, Pill, PillsInput } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type KeyboardEvent, type Ref, useLayoutEffect, useRef, useState } from 'react';

/**
 * Step 1's three list fields (industries, job titles, locations) are Mantine comboboxes, whose code
 * (the floating layer, popover and scroll area: about 35 KB compressed, a sixth of the page) is only
 * needed once a list opens. Until it arrives (`list-pickers.ts`: asked for on the first use of the
 * form) each field is drawn by `ListStandIn`: the same label, help, message and chosen values, each
 * removable, and the same combobox field, closed, which keeps what is typed. When the code arrives
 * the picker takes the stand-in's place, with its text and, if the stand-in had the keyboard's focus,
 * the focus.
 */

/** What was typed into a stand-in, by its input's id, for the picker that takes its place. */
const drafts = new Map<string, string>();
/** The ids of stand-ins that had the focus when their picker took their place. */
const focusOnArrival = new Set<string>();

/** The input of the field `id` names (its wrapper carries the same id, for the label). */
const inputOf = (id: string) => [...document.getElementsByTagName('input')].find((input) => input.id === id);

/**
 * For the picker that takes a stand-in's place: the stand-in's text (its first query), and the focus
 * moved to the picker's input when the stand-in had it.
 */
export function useStandInHandover(id: string): string {
  const [query] = useState(() => {
    const draft = drafts.get(id) ?? '';
    drafts.delete(id);
    return draft;
  });
  useLayoutEffect(() => {
    if (focusOnArrival.delete(id)) inputOf(id)?.focus();
  }, [id]);
  return query;
}

interface ListStandInProps {
  /** The input's id, which the picker that takes the place uses too. */
  id: string;
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  placeholder?: string;
  values: readonly string[];
  labelOf: (value: string) => string;
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Each chosen value's Remove button, named and reachable by Tab (the industry picker's); else Mantine's. */
  removeLabel?: (label: string) => string;
  /** The test id of each chosen value. */
  pillTestId?: string;
  /** Mantine's list chevron at the right (its MultiSelect's), as the picker draws it. */
  withChevron?: boolean;
}

/** A list field before its picker's code is in (see above). */
export function ListStandIn({
  id,
  label,
  description,
  required,
  error,
  placeholder,
  values,
  labelOf,
  onChange,
  onBlur,
  inputRef,
  removeLabel,
  pillTestId,
  withChevron,
}: ListStandInProps) {
  const [text, setText] = useState(() => drafts.get(id) ?? '');
  const input = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(input, inputRef);
  // Runs as the picker takes the place, before this input leaves the page.
  useLayoutEffect(
    () => () => {
      if (input.current && document.activeElement === input.current) focusOnArrival.add(id);
    },
    [id],
  );
  const remove = (value: string) => onChange(values.filter((v) => v !== value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Never the form's submit: Enter chooses from the list, which is on its way.
    if (event.key === 'Enter') event.preventDefault();
    if (event.key === 'Backspace' && text === '' && values.length > 0) remove(values[values.length - 1]!);
  };

  return (
    <PillsInput
      id={id}
      label={label}
      description={description}
      required={required}
      error={error}
      rightSection={withChevron ? <ComboboxChevron error={error} /> : undefined}
      rightSectionPointerEvents="none"
    >
      <Pill.Group>
        {values.map((value) => (
          <Pill
            key={value}
            withRemoveButton
            onRemove={() => remove(value)}
            removeButtonProps={
              removeLabel
                ? { tabIndex: 0, 'aria-hidden': false, 'aria-label': removeLabel(labelOf(value)) }
                : undefined
            }
            data-testid={pillTestId}
          >
            {labelOf(value)}
          </Pill>
        ))}
        <PillsInput.Field
          ref={ref}
          id={id}
          // What the picker's field is, with its list closed: a screen reader (or a test) meets the
          // same combobox before and after the code arrives.
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.currentTarget.value);
            drafts.set(id, event.currentTarget.value);
          }}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </Pill.Group>
    </PillsInput>
  );
}
