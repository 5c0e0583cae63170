import { html, type SafeHtml } from './html';

/** A short page body for refusals and outcomes (not found, already decided, invalid arguments...). */
export function messageBody(title: string, message: SafeHtml | string, back?: { href: string; label: string }): SafeHtml {
  return html`<h1>${title}</h1><div class="message" role="alert">${message}</div>${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : ''}`;
}
