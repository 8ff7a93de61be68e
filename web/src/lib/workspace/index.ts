export { setProductName, usePageTitle, useProductName } from './page-title';
export {
  prefetchWorkspaces,
  useSwitchWorkspace,
  useWorkspaces,
  WORKSPACES_KEY,
  type Workspaces,
} from './workspaces';
