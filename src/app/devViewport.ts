/**
 * Development only: F8 toggles a 390 px-wide preview of the current page, in an
 * iframe so that the page's own media queries see a phone-sized viewport. Plain DOM on purpose:
 * it is a developer's tool layered over the app, not part of it.
 */
const TOGGLE_MESSAGE = 'admissions:toggle-viewport-preview';
const PREVIEW_ID = 'viewport-preview';

function toggle(): void {
  const existing = document.getElementById(PREVIEW_ID);
  if (existing) {
    existing.remove();
    return;
  }
  const overlay = document.createElement('div');
  overlay.id = PREVIEW_ID;
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-label', 'Phone-width preview (F8 closes it)');
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: 'calc(var(--layer-spinner) - 1)',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '0.5rem',
    padding: '0.75rem',
    background: 'var(--color-neutral-dark)',
    color: 'var(--color-white-main)',
    font: '600 0.875rem var(--font-body)',
  });
  const caption = document.createElement('p');
  caption.style.margin = '0';
  caption.textContent = 'Preview at 390 px: press F8 to close';
  const frame = document.createElement('iframe');
  frame.title = 'Phone-width preview of this page';
  frame.src = location.href;
  Object.assign(frame.style, {
    flex: '1',
    width: 'var(--viewport-preview-width)',
    border: '0',
    borderRadius: '0.5rem',
    background: 'var(--color-white-main)',
  });
  overlay.append(caption, frame);
  document.body.append(overlay);
  frame.focus();
}

export function installViewportHotkey(): void {
  const inFrame = window.self !== window.top;
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    // Inside the preview, F8 closes it: the frame asks the page around it.
    if (inFrame) window.parent.postMessage(TOGGLE_MESSAGE, location.origin);
    else toggle();
  });
  if (!inFrame) {
    window.addEventListener('message', (event) => {
      if (event.origin === location.origin && event.data === TOGGLE_MESSAGE) toggle();
    });
  }
}
