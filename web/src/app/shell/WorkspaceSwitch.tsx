import { NativeSelect } from '@mantine/core';
import { WORKSPACE_TEXTS, type WorkspaceOption } from '../../../../shared/team-texts';
import type { Workspaces } from '../../lib/workspace';
import { useSwitchTo } from './use-switch-to';

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
  const { switchTo, switching } = useSwitchTo(onSwitched);
  const { view } = workspaces;
  if (!view || view.workspaces.length < 2) return null;

  return (
    <NativeSelect
      label={WORKSPACE_TEXTS.label}
      value={view.current}
      onChange={(event) => void switchTo(event.currentTarget.value)}
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
