export { setProductName, usePageTitle, useProductName } from './page-title';
export { useSwitchWorkspace, useWorkspaces, WORKSPACES_KEY, type Workspaces } from './workspaces';
