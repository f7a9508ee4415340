/**
 * jsdom implements <dialog> without showModal(), close() or the Escape key's `cancel` event; the shop
 * opens every popup with them (components/ui/Dialog.tsx). This gives jsdom the browser's behaviour:
 * showModal() opens, close() closes and fires `close`, Escape fires a cancelable `cancel` and closes
 * the dialog unless it was cancelled.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialogs = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')];
    const top = dialogs.at(-1);
    if (!top) return;
    const cancel = new Event('cancel', { cancelable: true });
    if (top.dispatchEvent(cancel)) top.close();
  });
}

/** jsdom has no layout, so its scrollTo only logs "not implemented"; pages call it on opening. */
export function installScrollPolyfill(): void {
  window.scrollTo = () => undefined;
}
