/** The console's stylesheet (served by the console itself). */
export const CONSOLE_CSS = `
:root { color-scheme: light; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #ffffff; --soft: #f6f8fa; --accent: #0b57d0; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
header.top { display: flex; gap: 24px; align-items: center; padding: 10px 24px; background: #24292f; color: #fff; }
header.top a { color: #fff; text-decoration: none; margin-right: 12px; } header.top a[aria-current] { text-decoration: underline; }
.brand { font-weight: 700; } .user { margin-left: auto; }
main { padding: 16px 24px 48px; max-width: 1200px; }
.notice { margin: 12px 24px 0; padding: 8px 12px; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; }
main .notice { margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; } caption { text-align: left; font-weight: 600; padding: 6px 0; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); } thead th { background: var(--soft); }
.filters { display: flex; gap: 12px; align-items: end; margin-bottom: 12px; }
.status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 13px; background: var(--soft); border: 1px solid var(--line); }
.status-paused { background: #fff8c5; border-color: #d4a72c; } .status-completed { background: #dafbe1; border-color: #4ac26b; }
.status-failed { background: #ffebe9; border-color: #ff8182; } .status-running { background: #ddf4ff; border-color: #54aeff; }
.status-lost { background: #fff1e5; border-color: #fb8f44; }
.muted { color: var(--muted); font-weight: normal; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; } .facts dt { color: var(--muted); } .facts dd { margin: 0; }
.error { color: var(--bad); }
.pending { border: 1px solid #d4a72c; border-radius: 8px; padding: 12px 16px; margin: 12px 0; background: #fffdf2; }
.pending h3 { margin: 0 0 8px; font-size: 16px; }
.args { margin: 0 0 10px; } .args figcaption { color: var(--muted); font-size: 13px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; overflow: auto; max-height: 420px; white-space: pre-wrap; word-break: break-word; margin: 4px 0; }
.patch .add { color: var(--ok); } .patch .del { color: var(--bad); } .patch .hunk { color: var(--accent); }
.decide { display: flex; gap: 10px; align-items: end; flex-wrap: wrap; } .decide form { display: flex; gap: 6px; align-items: end; margin: 0; }
button { font: inherit; padding: 5px 14px; border-radius: 6px; border: 1px solid var(--line); background: var(--soft); cursor: pointer; }
button.approve { background: var(--ok); color: #fff; border-color: var(--ok); } button.reject { background: #fff; color: var(--bad); border-color: var(--bad); }
input, select, textarea { font: inherit; padding: 4px 6px; border: 1px solid var(--line); border-radius: 6px; }
.edit-form { margin-top: 10px; display: grid; gap: 6px; } .edit-form textarea { width: 100%; font-family: ui-monospace, monospace; }
.violations { color: var(--bad); }
ol.timeline { list-style: none; padding: 0; margin: 0; border-left: 3px solid var(--line); }
ol.timeline > li { padding: 6px 12px; margin-left: -3px; border-left: 3px solid transparent; }
ol.timeline > li.ev-tool_called { border-left-color: var(--accent); } ol.timeline > li.ev-tool_output { border-left-color: var(--ok); }
ol.timeline > li.ev-error, ol.timeline > li.ev-run_failed, ol.timeline > li.ev-guardrail_tripped { border-left-color: var(--bad); }
ol.timeline > li.ev-decision, ol.timeline > li.ev-approval_required { border-left-color: #d4a72c; }
.turn, .agent, time { color: var(--muted); font-size: 13px; margin-right: 6px; }
meter.bar { width: 160px; height: 10px; vertical-align: middle; }
.out { max-height: 260px; } details.fold summary { cursor: pointer; color: var(--muted); }
`;
