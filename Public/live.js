// Live pages: when a page has live elements ([data-live]), follow them over Server-Sent Events
// from the page's own address and swap each pushed element in by id, keeping the focus and what
// is typed in a field inside it. A hidden tab closes its stream and reopens it when shown again
// (the view model's "active" flag). Without this script, or if the stream fails, the page is the
// same server-rendered page. A page grown too large to follow gets a "reload" event: the stream is
// closed for good and a notice offers to reload.
(function () {
  'use strict';
  if (!window.EventSource || !document.querySelector('[data-live]')) return;
  var source = null;
  var last = '';
  var stopped = false;

  function swap(data) {
    var cut = data.indexOf('\n');
    var old = cut > 0 && document.getElementById(data.slice(0, cut));
    if (!old) return;
    var template = document.createElement('template');
    template.innerHTML = data.slice(cut + 1);
    var next = template.content.firstElementChild;
    if (!next || next.id !== old.id) return;
    var active = document.activeElement;
    var kept = active && active !== old && old.contains(active) ? active : null;
    // The same control in the new element: by id, else by its place among its kind.
    var place = kept && Array.prototype.indexOf.call(old.querySelectorAll(kept.tagName), kept);
    old.replaceWith(next);
    if (!kept) return;
    var same = kept.id ? document.getElementById(kept.id) : next.querySelectorAll(kept.tagName)[place];
    if (!same || !next.contains(same)) return;
    if (/^(text|search|email|number|tel|url|password|textarea)$/.test(kept.type)) {
      same.value = kept.value;
    }
    same.focus();
    try { same.setSelectionRange(kept.selectionStart, kept.selectionEnd); } catch (e) { }
  }

  // Told once, politely, where the page's first live part is; the region is in the page before
  // its words, so screen readers announce them.
  function tooLarge() {
    stopped = true;
    close();
    var first = document.querySelector('[data-live]');
    var notice = document.createElement('p');
    notice.className = 'notice';
    notice.setAttribute('role', 'status');
    notice.setAttribute('aria-live', 'polite');
    first.parentNode.insertBefore(notice, first);
    setTimeout(function () {
      var link = document.createElement('a');
      link.href = location.href;
      link.textContent = 'Reload';
      notice.append('This page no longer updates by itself. ', link, ' to see changes.');
    }, 100);
  }

  function open() {
    if (source || stopped) return;
    var url = location.pathname + location.search;
    // A new EventSource cannot send Last-Event-ID itself: say where this page was.
    if (last) url += (location.search ? '&' : '?') + 'last-event-id=' + encodeURIComponent(last);
    source = new EventSource(url);
    source.onmessage = function (event) {
      last = event.lastEventId || last;
      swap(event.data);
    };
    source.addEventListener('reload', tooLarge);
    source.onerror = function () {
      // Refused (too many streams) or gone: the page keeps working as it is.
      if (source && source.readyState === EventSource.CLOSED) source = null;
    };
  }

  function close() {
    if (source) source.close();
    source = null;
  }

  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') close(); else open();
  });
  if (document.visibilityState !== 'hidden') open();
})();
