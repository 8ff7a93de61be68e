/**
 * What Mantine's AppShell sections (header, navbar, aside, footer) draw for their resize handle, which
 * they draw always and which draws nothing unless the shell is given `resize`. Ours never is: Vite
 * hands the sections this module in its place (web/vite.config.ts), which saves every signed-in page
 * the handle's drag and keyboard code (about 2 KB compressed, issue 38 point 2). Giving the shell
 * `resize` would need the real handle back.
 */
export function AppShellResizeHandle(_props: { section: string; sectionId?: string }) {
  return null;
}
