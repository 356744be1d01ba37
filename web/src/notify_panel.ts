// "Your turn" mails for a side's seat of a two-seat game (docs/server.md,
// "Correspondence play"): the address this seat registered, a form to set or
// clear it, and the server's refusal in its own words. The section is built
// once and moved back into the panel after each render, so that what the
// player is typing survives a move arriving meanwhile.
import { api, ApiError, type Notify } from './api';
import { h } from './html';
import type { GameView } from './types';

export class NotifyBox {
  readonly el: HTMLElement = document.createElement('section');
  private loaded = false;

  constructor(
    private id: string,
    private token: string,
  ) {
    this.el.id = 'notify';
  }

  // Only a side's seat of a two-seat game has an address (the server answers
  // 403 to any other seat).
  static wanted(v: GameView): boolean {
    return v.mode === 'two-seat' && (v.seat === 'union' || v.seat === 'confederate');
  }

  // The field or button that has the focus, asked before the panel is
  // redrawn (taking the section out of the page takes the focus from it).
  focused(): HTMLElement | null {
    return this.el.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  }

  // Puts the section at the end of the panel, the focus back where it was.
  attach(panel: HTMLElement, focused: HTMLElement | null): void {
    panel.append(this.el);
    focused?.focus();
    if (!this.loaded) {
      this.loaded = true;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    try {
      this.draw(await api.notify(this.id, this.token), '');
    } catch (err) {
      this.draw({ email: null, mail: false }, err instanceof ApiError ? err.message : String(err));
    }
  }

  private draw(n: Notify, refusal: string, said = ''): void {
    const now = n.email ? `Mail goes to <b id="notify-now">${h(n.email)}</b> when it is your turn.` : 'No address: no mail is sent.';
    const server = n.mail ? '' : ' <small>(this server sends no mail: it was started without <code>--smtp</code>; the address is kept for when it does)</small>';
    this.el.innerHTML = `<h2>Mail when it is your turn</h2>
      <p>${now}${server}</p>
      <form id="notify-form" novalidate>
        <label>E-mail <input id="notify-email" type="email" autocomplete="email" size="24" value="${h(n.email ?? '')}"></label>
        <button type="submit" id="btn-notify">Save</button>
        <button type="button" id="btn-notify-clear" ${n.email ? '' : 'disabled'}>Clear</button>
      </form>
      <p class="refusal" id="notify-error" role="alert">${h(refusal)}</p>
      <p id="notify-said" aria-live="polite">${h(said)}</p>`;
    const form = this.el.querySelector('#notify-form') as HTMLFormElement;
    form.onsubmit = (e) => {
      e.preventDefault();
      const email = (this.el.querySelector('#notify-email') as HTMLInputElement).value.trim();
      void this.set(email || null, n);
    };
    (this.el.querySelector('#btn-notify-clear') as HTMLButtonElement).onclick = () => void this.set(null, n);
  }

  private async set(email: string | null, before: Notify): Promise<void> {
    try {
      const n = await api.setNotify(this.id, this.token, email);
      this.draw(n, '', n.email ? `Saved: ${n.email}.` : 'Cleared: no mail will be sent.');
    } catch (err) {
      // The address kept is the one before; what was typed stays to be fixed.
      const typed = (this.el.querySelector('#notify-email') as HTMLInputElement).value;
      this.draw(before, err instanceof ApiError ? `Refused: ${err.message}` : String(err));
      (this.el.querySelector('#notify-email') as HTMLInputElement).value = typed;
    }
  }
}
