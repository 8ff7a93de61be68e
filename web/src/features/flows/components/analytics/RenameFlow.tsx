import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Flow } from '../../../../../../shared/flow-api';
import { FLOW_NAME_TEXTS } from '../../../../../../shared/flow-name';
import { notifySuccess } from '../../../../lib/notify';
import { renameFlow } from '../../api/flows';
import { actionFailure } from './FlowActions';

/**
 * Issue 36 point 7: Rename opens the name in a field in place ('Flow name'): Enter or Save sends it,
 * Escape or Cancel leaves it, and the keyboard goes back to Rename. A refusal (a blank or too long
 * name, a link) is said under the field in the API's words; a name another flow has comes back with
 * ' (2)', which the page's heading then shows. `onRenamed` gets the flow the API answered.
 */
export function RenameFlow({ flow, onRenamed }: { flow: Flow; onRenamed: (flow: Flow) => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const backToButton = useRef(false);

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    } else if (backToButton.current) {
      backToButton.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const open = () => {
    setValue(flow.name);
    setError(undefined);
    setEditing(true);
  };

  const close = () => {
    backToButton.current = true;
    setError(undefined);
    setEditing(false);
  };

  const save = async () => {
    if (saving) return;
    // Unchanged: nothing to send.
    if (value.trim() === flow.name) return close();
    setSaving(true);
    try {
      const renamed = await renameFlow(flow.id, value);
      notifySuccess(FLOW_NAME_TEXTS.renamed);
      close();
      await onRenamed(renamed);
    } catch (failure) {
      setError(actionFailure(failure, FLOW_NAME_TEXTS.renameFailed));
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || saving) return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  if (!editing) {
    return (
      <Button
        ref={renameButton}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={open}
      >
        {FLOW_NAME_TEXTS.rename}
      </Button>
    );
  }

  return (
    <form
      noValidate
      style={{ flexBasis: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="rename-flow"
    >
      <Stack gap="xs" maw="32rem">
        <TextInput
          ref={input}
          label={FLOW_NAME_TEXTS.label}
          value={value}
          autoComplete="off"
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
          error={error}
          errorProps={{ role: 'alert' }}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={saving} onKeyDown={onKeyDown}>
            {FLOW_NAME_TEXTS.save}
          </Button>
          <Button size="xs" variant="default" onClick={close} onKeyDown={onKeyDown} disabled={saving}>
            {FLOW_NAME_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
