import { Button, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { REVIEW_TEXTS, type ReviewItem, type ReviewMode } from '../../../../../shared/review';
import { BulkBar } from './BulkBar';
import { type EditState, ReviewItemRow, type RowActions } from './ReviewItemRow';
import classes from './review.module.css';
import { REVIEW_PAGE_TEXTS } from './review-texts';
import type { Decided, DecideOutcome } from './use-review-decisions';

/**
 * Rows drawn at first and at each 'Show more': a queue may hold 500 items, and drawing them all would
 * make the first render and every decision slower than the benchmark's 100 ms.
 */
export const REVIEW_PAGE_SIZE = 50;

/** A key typed into a field is text, not a shortcut (a checkbox or a button is no field). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  );
}

/** The drawn row of an item (keys are the API's: compared, never put in a selector). */
function rowIn(feed: HTMLElement | null, key: string | undefined): HTMLElement | undefined {
  if (!feed || key === undefined) return undefined;
  return [...feed.querySelectorAll<HTMLElement>('article[data-key]')].find((row) => row.dataset.key === key);
}

/**
 * The waiting items with their keyboard: J/K move the active item (roving focus), A approves it, E
 * edits it, S skips it. The keys answer only while the focus is inside the list (WCAG 2.1.4: a
 * single-letter shortcut is active only on focus), never in a text field, never with a modifier key.
 * A decided item leaves at once and the next one becomes active, keeping the keyboard's place.
 */
export function ReviewList({
  items,
  reviewMode,
  now,
  decide,
  announce,
}: {
  /** The waiting items not decided yet (the page leaves out those whose decision is on its way). */
  items: readonly ReviewItem[];
  reviewMode: ReviewMode;
  now: number;
  decide: (decided: readonly Decided[]) => Promise<DecideOutcome>;
  announce: (message: string) => void;
}) {
  const headingId = useId();
  const feed = useRef<HTMLDivElement>(null);
  const emptyState = useRef<HTMLParagraphElement>(null);
  const [activeKey, setActiveKey] = useState<string>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [editing, setEditing] = useState<EditState>();
  const [shown, setShown] = useState(REVIEW_PAGE_SIZE);
  // Set when the keyboard's place must move to the active row once it is drawn.
  const focusActive = useRef(false);

  const found = activeKey === undefined ? -1 : items.findIndex((item) => item.key === activeKey);
  const activeIndex = Math.max(0, found);
  const active = items[activeIndex];
  const drawn = items.slice(0, Math.max(shown, activeIndex + 1));
  const selectedShown = items.filter((item) => selected.has(item.key));

  useLayoutEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    const row = rowIn(feed.current, active?.key) ?? emptyState.current;
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  });

  // The handlers read the latest state through this ref: the rows get one stable set of actions.
  const state = useRef({ items, activeKey: active?.key, editing });
  state.current = { items, activeKey: active?.key, editing };

  /** Decides one item; it leaves, its neighbour becomes active, and the focus follows if it was on it. */
  const decideOne = useCallback(
    async (key: string, action: 'approve' | 'skip', text?: string) => {
      const list = state.current.items;
      const index = list.findIndex((item) => item.key === key);
      const item = list[index];
      if (!item) return;
      const neighbour = list[index + 1] ?? list[index - 1];
      if (state.current.activeKey === key) setActiveKey(neighbour?.key);
      const row = rowIn(feed.current, key);
      if (row && (row.contains(document.activeElement) || document.activeElement === document.body)) {
        focusActive.current = true;
      }
      setEditing((current) => (current?.key === key ? undefined : current));
      setSelected((current) => {
        if (!current.has(key)) return current;
        const next = new Set(current);
        next.delete(key);
        return next;
      });
      const outcome = await decide([{ item, action, text }]);
      if (!outcome.ok && outcome.textProblem !== undefined && text !== undefined) {
        // The API refused the edit: the editor comes back with the typed text and the API's message.
        setActiveKey(key);
        setEditing({ key, text, error: outcome.textProblem });
      }
    },
    [decide],
  );

  const startEdit = useCallback(
    (key: string) => {
      const item = state.current.items.find((entry) => entry.key === key);
      if (!item) return;
      if (item.text === undefined) {
        announce(REVIEW_TEXTS.noText);
        return;
      }
      setActiveKey(key);
      setEditing({ key, text: item.text });
    },
    [announce],
  );

  const actions = useMemo<RowActions>(
    () => ({
      decide: (key, action) => void decideOne(key, action),
      startEdit,
      saveEdit: (key, text) => {
        const item = state.current.items.find((entry) => entry.key === key);
        // Saving the AI's text unchanged is an approval as written, not an edit (the streak goes on).
        const edited = text.trim() !== (item?.text ?? '').trim();
        void decideOne(key, 'approve', edited ? text.trim() : undefined);
      },
      cancelEdit: () => {
        setEditing(undefined);
        focusActive.current = true;
      },
      select: (key, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(key);
          else next.delete(key);
          return next;
        }),
      focused: (key) => setActiveKey((current) => (current === key ? current : key)),
    }),
    [decideOne, startEdit],
  );

  const move = (step: number) => {
    const next = Math.min(items.length - 1, Math.max(0, activeIndex + step));
    const target = items[next];
    if (!target) return;
    if (next >= drawn.length) setShown((count) => count + REVIEW_PAGE_SIZE);
    setActiveKey(target.key);
    focusActive.current = true;
    // The same row again (the list's end): the layout effect has no new render to run after.
    if (target.key === active?.key) rowIn(feed.current, target.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (isTyping(event.target) || !active) return;
    // The row being edited is decided by its own Save and approve or Cancel.
    const decidable = editing?.key !== active.key;
    const handlers: Record<string, (() => void) | false> = {
      j: () => move(1),
      k: () => move(-1),
      a: decidable && (() => void decideOne(active.key, 'approve')),
      e: decidable && (() => startEdit(active.key)),
      s: decidable && (() => void decideOne(active.key, 'skip')),
    };
    const handler = handlers[event.key.toLowerCase()];
    if (!handler) return;
    event.preventDefault();
    handler();
  };

  /** A decision on the selection, in the list's order: one request. */
  const decideSelected = (action: 'approve' | 'skip') => {
    const chosen = selectedShown;
    if (chosen.length === 0) return;
    const keys = new Set(chosen.map((item) => item.key));
    if (active && keys.has(active.key)) {
      const after = items.slice(activeIndex + 1).find((item) => !keys.has(item.key));
      const before = items
        .slice(0, activeIndex)
        .reverse()
        .find((item) => !keys.has(item.key));
      setActiveKey((after ?? before)?.key);
    }
    if (editing && keys.has(editing.key)) setEditing(undefined);
    // The whole list decided: the bulk bar goes with it, the focus goes to the empty state.
    if (chosen.length === items.length) focusActive.current = true;
    setSelected(new Set());
    void decide(chosen.map((item) => ({ item, action }))).then((outcome) => {
      // A failed request puts the items back: selected again, ready for another try.
      if (!outcome.ok) setSelected((current) => new Set([...current, ...keys]));
    });
  };

  if (items.length === 0) {
    return (
      <Text ref={emptyState} tabIndex={-1} c="dimmed" py="lg" ta="center" data-testid="review-empty">
        {reviewMode === 'autopilot' ? REVIEW_TEXTS.emptyAutopilot : REVIEW_TEXTS.empty}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <BulkBar
        total={items.length}
        selected={selectedShown.length}
        onSelectAll={(all) => setSelected(all ? new Set(items.map((item) => item.key)) : new Set())}
        onApprove={() => decideSelected('approve')}
        onSkip={() => decideSelected('skip')}
      />
      <Title order={2} size="h4" id={headingId}>
        {REVIEW_PAGE_TEXTS.listLabel}
      </Title>
      <div ref={feed} role="feed" aria-labelledby={headingId} className={classes.feed} onKeyDown={onKeyDown}>
        {drawn.map((item, index) => (
          <ReviewItemRow
            key={item.key}
            item={item}
            position={index + 1}
            setSize={items.length}
            active={item.key === active?.key}
            selected={selected.has(item.key)}
            editing={editing?.key === item.key ? editing : undefined}
            now={now}
            actions={actions}
          />
        ))}
      </div>
      {drawn.length < items.length && (
        <Button
          variant="default"
          className={classes.more}
          mih={44}
          onClick={() => setShown(drawn.length + REVIEW_PAGE_SIZE)}
        >
          {REVIEW_PAGE_TEXTS.showMore(Math.min(REVIEW_PAGE_SIZE, items.length - drawn.length))}
        </Button>
      )}
    </Stack>
  );
}
