import { Textarea } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { textLength } from '../../../../../shared/outgoing-text';
import { editProblem, REVIEW_TEXTS } from '../../../../../shared/review';
import classes from './review.module.css';
import { REVIEW_PAGE_TEXTS } from './review-texts';

/** The longest edit when the item names none (the API's own bound on a text). */
export const DEFAULT_EDIT_MAX = 1000;

/**
 * 'Edit then approve': the item's text in a field, with its length against the most that goes out.
 * Save checks the text as the API will (editProblem) and sends nothing while it has a problem: the
 * message shows on the field, the typed text stays. Ctrl+Enter (⌘+Enter) saves, Escape cancels.
 */
export function EditBox({
  name,
  initialText,
  initialError,
  maxLength,
  onSave,
  onCancel,
}: {
  /** What the item is, with whom ('connection request to Ana Ruiz'). */
  name: string;
  initialText: string;
  /** The API's refusal of this text, when the editor reopens after one. */
  initialError?: string;
  maxLength: number;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initialText);
  // Once a save found a problem (or the API refused), the message follows the text as it changes.
  const [checking, setChecking] = useState(initialError !== undefined);
  const [apiError, setApiError] = useState(initialError);
  const field = useRef<HTMLTextAreaElement>(null);
  const length = textLength(text);
  const error = apiError ?? (checking ? editProblem(text, maxLength) : undefined);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = () => {
    const problem = editProblem(text, maxLength);
    if (problem) {
      setChecking(true);
      setApiError(undefined);
      field.current?.focus();
      return;
    }
    onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <div className={classes.block}>
      <Textarea
        ref={field}
        label={REVIEW_PAGE_TEXTS.editLabel(name)}
        description={
          <>
            <span data-testid="edit-counter" style={length > maxLength ? { fontWeight: 700 } : undefined}>
              {REVIEW_PAGE_TEXTS.counter(length, maxLength)}
            </span>
            {'. '}
            {REVIEW_PAGE_TEXTS.editHint}
          </>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rows={5}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setApiError(undefined);
        }}
        onKeyDown={onKeyDown}
        error={error}
      />
      <div className={classes.actions}>
        <button type="button" className={`${classes.button} ${classes.primary}`} onClick={save}>
          {REVIEW_TEXTS.saveApprove}
        </button>
        <button type="button" className={classes.button} onClick={onCancel}>
          {REVIEW_PAGE_TEXTS.cancel}
        </button>
      </div>
    </div>
  );
}
