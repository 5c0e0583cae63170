/**
 * The console's only script (served from the console itself: no CDN, no build step), a
 * progressive enhancement of server-rendered pages: live updates of a run's page over
 * server-sent events, the "Edit arguments" toggle, and the check of edited arguments against the
 * tool's schema (on the server) before they are submitted. Every fragment it inserts was
 * rendered and escaped by the server; nothing from a run is ever parsed as markup here.
 */
export const CONSOLE_JS = String.raw`'use strict';
(function () {
  function csrfOf(form) { var i = form.querySelector('input[name="_csrf"]'); return i ? i.value : ''; }

  function wireEditing(root) {
    root.querySelectorAll('button.edit-toggle').forEach(function (button) {
      if (button.dataset.wired) return;
      button.dataset.wired = '1';
      button.addEventListener('click', function () {
        var form = document.getElementById(button.getAttribute('aria-controls'));
        if (!form) return;
        var open = form.hidden;
        form.hidden = !open;
        button.setAttribute('aria-expanded', open ? 'true' : 'false');
        if (open) { var area = form.querySelector('textarea'); if (area) area.focus(); }
      });
    });
    root.querySelectorAll('form.edit-form').forEach(function (form) {
      if (form.dataset.wired) return;
      form.dataset.wired = '1';
      form.addEventListener('submit', function (event) {
        if (form.dataset.checked === '1') return;
        event.preventDefault();
        var area = form.querySelector('textarea');
        var out = form.querySelector('.violations');
        out.textContent = '';
        try { JSON.parse(area.value); } catch (e) { show(out, ['The arguments are not valid JSON: ' + e.message]); return; }
        var body = new URLSearchParams({ _csrf: csrfOf(form), arguments: area.value });
        fetch(form.dataset.validate, { method: 'POST', body: body, credentials: 'same-origin', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
          .then(function (r) { return r.json(); })
          .then(function (result) {
            if (result.ok) { form.dataset.checked = '1'; form.submit(); }
            else show(out, result.violations || ['The arguments were refused.']);
          })
          .catch(function () { form.dataset.checked = '1'; form.submit(); });
      });
    });
  }

  function show(out, lines) {
    var list = document.createElement('ul');
    lines.forEach(function (line) { var li = document.createElement('li'); li.textContent = line; list.appendChild(li); });
    out.textContent = '';
    out.appendChild(list);
  }

  function replaceFrom(html, id) {
    var template = document.createElement('template');
    template.innerHTML = html;
    var fresh = template.content.firstElementChild;
    var old = document.getElementById(id);
    if (fresh && old) { old.replaceWith(fresh); return fresh; }
    return null;
  }

  function live() {
    var summary = document.querySelector('[data-live]');
    var list = document.querySelector('ol.timeline');
    if (!summary || !list || typeof EventSource === 'undefined') return;
    var url = summary.dataset.live + '?after=' + encodeURIComponent(summary.dataset.after || '0') + '&v=' + encodeURIComponent(summary.dataset.version || '');
    var source = new EventSource(url);
    source.addEventListener('timeline', function (message) {
      var data = JSON.parse(message.data);
      var template = document.createElement('template');
      template.innerHTML = data.html;
      var item = template.content.firstElementChild;
      if (!item) return;
      var seq = item.getAttribute('data-seq');
      if (list.querySelector('li[data-seq="' + seq + '"]')) return;
      list.appendChild(item);
    });
    source.addEventListener('run', function (message) {
      var data = JSON.parse(message.data);
      replaceFrom(data.facts, 'run-facts');
      var pending = replaceFrom(data.pending, 'pending');
      if (pending) wireEditing(pending);
    });
  }

  document.addEventListener('DOMContentLoaded', function () { wireEditing(document); live(); });
})();
`;
