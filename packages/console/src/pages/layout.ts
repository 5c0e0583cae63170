import { html, type SafeHtml } from './html';

/** What every page shows around its content. */
export interface PageFrame {
  title: string;
  basePath: string;
  user: string;
  /** The current section, marked in the navigation. */
  section: 'runs' | 'inbox' | 'run';
  /** Set when the console serves loopback only because no `authorize` was given. */
  loopbackOnly: boolean;
  readOnly: boolean;
}

/** The page: landmarks (banner, navigation, main), the stylesheet and the script, all local. */
export function layout(frame: PageFrame, body: SafeHtml): SafeHtml {
  const { basePath: base } = frame;
  const current = (s: PageFrame['section']) => (frame.section === s ? html` aria-current="page"` : html``);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${frame.title} · Toolwright console</title>
<link rel="stylesheet" href="${base}/assets/console.css">
<script src="${base}/assets/console.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<span class="brand">Toolwright console</span>
<nav aria-label="Sections"><a href="${base}/"${current('runs')}>Runs</a> <a href="${base}/inbox"${current('inbox')}>Inbox</a></nav>
<span class="user">Signed in as <strong>${frame.user}</strong></span>
</header>
${frame.loopbackOnly ? html`<p class="notice" role="note">No <code>authorize</code> function was given: this console answers loopback requests only.</p>` : ''}
${frame.readOnly ? html`<p class="notice" role="note">Read-only: the console was started without agents, so it cannot resume runs.</p>` : ''}
<main id="main">
${body}
</main>
</body>
</html>`;
}
