import type { PopupPlatform, PopupRequest, PopupStatus } from './messages';

/**
 * The toolbar popup: whether the extension is paired and with which app, each platform's last sync,
 * and Sync now / Unpair. Plain DOM; every action goes through the service worker.
 */
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pairingText = byId<HTMLParagraphElement>('pairing');
const list = byId<HTMLUListElement>('platforms');
const syncButton = byId<HTMLButtonElement>('sync-now');
const unpairButton = byId<HTMLButtonElement>('unpair');
const message = byId<HTMLParagraphElement>('message');

async function ask(request: PopupRequest): Promise<PopupStatus> {
  return (await chrome.runtime.sendMessage(request)) as PopupStatus;
}

function ago(at: number): string {
  const minutes = Math.round((Date.now() - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return new Date(at).toLocaleDateString();
}

function link(href: string, text: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  anchor.textContent = text;
  return anchor;
}

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

const STATE_TEXT = { synced: 'Synced', 'signed-out': 'Signed out', failed: 'Failed' } as const;

function platformRow({ slug, label, status }: PopupPlatform): HTMLLIElement {
  const row = document.createElement('li');
  row.dataset.platform = slug;
  row.append(span('name', label));
  if (!status) {
    row.append(span('state state-never', 'Not synced yet'));
    return row;
  }
  const state = span(`state state-${status.state}`, `${STATE_TEXT[status.state]} · ${ago(status.at)}`);
  state.title = new Date(status.at).toLocaleString();
  row.append(state);
  row.append(span('detail', status.account ? `@${status.account} · ${status.message}` : status.message));
  return row;
}

function render(status: PopupStatus): void {
  const app = new URL(status.appUrl);
  pairingText.replaceChildren();
  if (status.paired) {
    pairingText.append(
      `Paired${status.email ? ` with ${status.email}` : ''} on `,
      link(`${app.origin}/platforms`, app.host),
      '.',
    );
  } else {
    pairingText.append(
      'Not paired. Open ',
      link(`${app.origin}/platforms`, 'Platform Connections'),
      ' in Trobly and click Pair extension.',
    );
  }
  list.replaceChildren(...status.platforms.map(platformRow));
  syncButton.disabled = !status.paired;
  unpairButton.hidden = !status.paired;
  document.body.dataset.paired = String(status.paired);
  if (status.error) message.textContent = status.error;
}

async function act(request: PopupRequest, busyText: string, doneText: string): Promise<void> {
  syncButton.disabled = true;
  unpairButton.disabled = true;
  message.textContent = busyText;
  try {
    const status = await ask(request);
    message.textContent = status.error ?? doneText;
    render(status);
  } catch {
    message.textContent = 'The extension did not answer. Please try again.';
    syncButton.disabled = false;
  } finally {
    unpairButton.disabled = false;
  }
}

syncButton.addEventListener('click', () => void act({ type: 'sync-now' }, 'Syncing…', 'Sync finished.'));
unpairButton.addEventListener('click', () => void act({ type: 'unpair' }, 'Unpairing…', 'Unpaired.'));

ask({ type: 'status' }).then(render, () => {
  message.textContent = 'The extension did not answer. Please try again.';
});
