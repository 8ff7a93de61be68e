import { NativeSelect } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WORKSPACE_TEXTS, type WorkspaceOption } from '../../../../shared/team';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSwitchWorkspace, type Workspaces } from '../../lib/workspace';

const optionLabel = (workspace: WorkspaceOption) => {
  if (workspace.role === 'owner') return WORKSPACE_TEXTS.own;
  return workspace.available ? WORKSPACE_TEXTS.team(workspace.name) : WORKSPACE_TEXTS.paused(workspace.name);
};

/**
 * The workspace switch (DECISIONS 31), for someone in more than one workspace: a native select, so it
 * is the platform's own control by keyboard and screen reader. A paused team (its owner's plan has no
 * teammates now) is listed but cannot be chosen. After a switch every page's data is the new
 * workspace's: the dashboard opens. Loaded only for someone with a second workspace (the shell's
 * first paint carries none of it).
 */
export default function WorkspaceSwitch({
  workspaces,
  onSwitched,
}: {
  workspaces: Workspaces;
  onSwitched: () => void;
}) {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const { view } = workspaces;
  if (!view || view.workspaces.length < 2) return null;

  async function choose(event: ChangeEvent<HTMLSelectElement>) {
    setSwitching(true);
    try {
      const message = await switchWorkspace(event.currentTarget.value);
      notifySuccess(message ?? WORKSPACE_TEXTS.switchedOwn);
      onSwitched();
      navigate('/dashboard');
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : WORKSPACE_TEXTS.switchFailed);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <NativeSelect
      label={WORKSPACE_TEXTS.label}
      value={view.current}
      onChange={(event) => void choose(event)}
      disabled={switching}
      size="sm"
      mb="sm"
      data={view.workspaces.map((workspace) => ({
        value: workspace.id,
        label: optionLabel(workspace),
        disabled: !workspace.available && workspace.id !== view.current,
      }))}
    />
  );
}
