import { useDocumentTitle } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '../../../../shared/product';

/**
 * The product name the tab title shows: the workspace's brand (DECISIONS 32) once the shell knows it,
 * else the product's own. A small store, so a page's title does not fetch the workspaces itself.
 */
let productName: string = PRODUCT_NAME;
const listeners = new Set<() => void>();

export function setProductName(name: string | undefined): void {
  const next = name || PRODUCT_NAME;
  if (next === productName) return;
  productName = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useProductName = (): string => useSyncExternalStore(subscribe, () => productName);

/** The tab title of a signed-in page: 'Profile Settings | <product or brand name>'. */
export function usePageTitle(title: string): void {
  useDocumentTitle(`${title} | ${useProductName()}`);
}
