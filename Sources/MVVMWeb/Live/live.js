// Live pages: when a page has live elements ([data-live]), follow them over Server-Sent Events
// from the page's own address and swap each pushed element in by id, keeping the focus and what
// is typed in a field inside it; or, for an element with keyed rows (m:key), apply the rows that
// changed in place ("rows" events), leaving the others untouched. A hidden tab closes its stream and reopens it when shown again
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

  function rowsOf(element) {
    return Array.prototype.filter.call(element.querySelectorAll('[data-key]'), function (row) {
      return row.closest('[data-live]') === element;
    });
  }

  // A "rows" event: the element's keyed rows that changed, applied in place (see LiveRows.swift).
  // A row not named is not touched, so what is focused, selected or being read in it stays.
  // Anything that does not fit what this page shows means it missed something: false, and the
  // stream is opened again from nothing, which sends the whole elements.
  function applyRows(data) {
    var cut = data.indexOf('\n');
    var element = cut > 0 && document.getElementById(data.slice(0, cut));
    if (!element) return true;
    var operations;
    try { operations = JSON.parse(data.slice(cut + 1)); } catch (e) { return false; }
    // A Map, not an object: a key is the app's text, and one named like an object's own
    // property (`constructor`, `__proto__`) would find it, or be lost on it.
    var byKey = new Map();
    var rows = rowsOf(element);
    if (!rows.length) return false;
    rows.forEach(function (row) { byKey.set(row.getAttribute('data-key'), row); });
    var container = rows[0].parentNode;
    // A template parses a row of any kind (a table row too) on its own.
    function parse(html) {
      var template = document.createElement('template');
      template.innerHTML = html;
      return template.content.firstElementChild;
    }
    function place(row, after) {
      if (after === null) {
        var first = rowsOf(element)[0];
        if (first === row) return true;
        if (first) container.insertBefore(row, first); else container.appendChild(row);
        return true;
      }
      var previous = byKey.get(after);
      if (!previous || previous.parentNode !== container) return false;
      if (previous.nextSibling !== row) container.insertBefore(row, previous.nextSibling);
      return true;
    }
    for (var i = 0; i < operations.length; i++) {
      var op = operations[i];
      var row;
      if (op[0] === 'add') {
        row = parse(op[3]);
        if (!row || byKey.has(op[1]) || !place(row, op[2])) return false;
        byKey.set(op[1], row);
      } else if (op[0] === 'move') {
        if (!byKey.has(op[1]) || !place(byKey.get(op[1]), op[2])) return false;
      } else if (op[0] === 'set') {
        row = parse(op[2]);
        if (!row || !byKey.has(op[1])) return false;
        byKey.get(op[1]).replaceWith(row);
        byKey.set(op[1], row);
      } else if (op[0] === 'drop') {
        if (!byKey.has(op[1])) return false;
        byKey.get(op[1]).remove();
        byKey.delete(op[1]);
      } else if (op[0] === 'around') {
        if (!around(element, container, op[1], op[2], op[3])) return false;
      } else if (op[0] === 'child') {
        if (!child(element, container, op[1], op[2], op[3], op[4], op[5])) return false;
      } else if (op[0] === 'outside') {
        if (!outside(element, container, op[1], op[2])) return false;
      } else {
        return false;
      }
    }
    return true;
  }

  // One part of the markup around the rows, changed, in the element at `level` on the path from
  // the live element (0) down to the rows' parent: its start tag (its attributes), or its
  // children before or after the next element on the path (the rows). Parsed in that element's
  // own context, so table parts parse as in the page.
  function around(element, container, level, part, html) {
    var path = pathTo(element, container);
    var target = path && path[level];
    if (!target) return false;
    if (part === 'tag') {
      var probe = document.createElement('template');
      probe.innerHTML = '<div' + html.slice(1 + target.tagName.length) + '</div>';
      var fresh = probe.content.firstElementChild;
      if (!fresh) return false;
      Array.prototype.slice.call(fresh.attributes).forEach(function (a) {
        if (target.getAttribute(a.name) !== a.value) target.setAttribute(a.name, a.value);
      });
      Array.prototype.slice.call(target.attributes).forEach(function (a) {
        if (!fresh.hasAttribute(a.name)) target.removeAttribute(a.name);
      });
      return true;
    }
    var run = runOf(element, path, level, part);
    if (!run) return false;
    var context = target.cloneNode(false);
    context.innerHTML = html;
    replaceRun(target, run.nodes, Array.prototype.slice.call(context.childNodes), run.next);
    return true;
  }

  // One element of such a run changed, the rest (its other elements and the text between them)
  // did not: element `index` of the run's `count` is replaced, parsed in its parent's context.
  function child(element, container, level, part, index, count, html) {
    var path = pathTo(element, container);
    var target = path && path[level];
    var run = target && runOf(element, path, level, part);
    if (!run) return false;
    var elements = run.nodes.filter(function (node) { return node.nodeType === 1; });
    if (elements.length !== count) return false;
    var old = elements[index];
    var context = target.cloneNode(false);
    context.innerHTML = html;
    var fresh = context.firstElementChild;
    if (!old || !fresh || context.childNodes.length !== 1) return false;
    if (!old.isEqualNode(fresh)) target.replaceChild(fresh, old);
    return true;
  }

  // The elements from the live element down to the rows' container; null when it is not inside.
  function pathTo(element, container) {
    var path = [];
    var node = container;
    for (; node && node !== element; node = node.parentNode) path.unshift(node);
    if (!node) return null;
    path.unshift(element);
    return path;
  }

  // The children of `path[level]` before or after the next element on the path (the rows, for
  // the last), and the node the run ends before; null when the path does not hold.
  function runOf(element, path, level, part) {
    var target = path[level];
    var kept = level + 1 < path.length ? [path[level + 1]] : rowsOf(element);
    var children = Array.prototype.slice.call(target.childNodes);
    var first = children.indexOf(kept[0]);
    var last = children.indexOf(kept[kept.length - 1]);
    if (first < 0 || last < 0) return null;
    if (part === 'before') return { nodes: children.slice(0, first), next: kept[0] };
    if (part === 'after') return { nodes: children.slice(last + 1), next: null };
    return null;
  }

  // The element's markup outside its rows, changed: the new markup is parsed with a marker where
  // the rows go, and the element is made to match it along the path to the rows, which keep their
  // nodes; what changed beside that path is replaced, what did not is left alone.
  function outside(element, container, before, after) {
    var template = document.createElement('template');
    template.innerHTML = before + '<template data-rows=""></template>' + after;
    var next = template.content.firstElementChild;
    var marker = next && next.querySelector('template[data-rows]');
    if (!marker || next.id !== element.id) return false;
    var olds = [];
    var nexts = [];
    for (var node = container; node !== element; node = node.parentNode) {
      if (!node) return false;
      olds.push(node);
    }
    for (node = marker.parentNode; node !== next; node = node.parentNode) {
      if (!node) return false;
      nexts.push(node);
    }
    olds.push(element);
    nexts.push(next);
    if (olds.length !== nexts.length) return false;
    for (var i = 0; i < olds.length; i++) {
      if (olds[i].tagName !== nexts[i].tagName) return false;
    }
    for (i = olds.length - 1; i >= 0; i--) {
      var old = olds[i];
      var fresh = nexts[i];
      Array.prototype.slice.call(fresh.attributes).forEach(function (a) {
        if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
      });
      Array.prototype.slice.call(old.attributes).forEach(function (a) {
        if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
      });
      // The kept child: the next one on the path, or for the rows' parent its rows.
      var keptOld = i > 0 ? [olds[i - 1]] : rowsOf(element);
      var keptNext = i > 0 ? nexts[i - 1] : marker;
      var oldChildren = Array.prototype.slice.call(old.childNodes);
      var nextChildren = Array.prototype.slice.call(fresh.childNodes);
      var first = oldChildren.indexOf(keptOld[0]);
      var last = oldChildren.indexOf(keptOld[keptOld.length - 1]);
      var at = nextChildren.indexOf(keptNext);
      if (first < 0 || last < 0 || at < 0) return false;
      replaceRun(old, oldChildren.slice(0, first), nextChildren.slice(0, at), keptOld[0]);
      replaceRun(old, oldChildren.slice(last + 1), nextChildren.slice(at + 1), null);
    }
    return true;
  }

  function replaceRun(parent, olds, nexts, before) {
    var same = olds.length === nexts.length && olds.every(function (node, index) {
      return node.isEqualNode(nexts[index]);
    });
    if (same) return;
    olds.forEach(function (node) { node.remove(); });
    nexts.forEach(function (node) { parent.insertBefore(node, before); });
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
    source.addEventListener('rows', function (event) {
      if (applyRows(event.data)) {
        last = event.lastEventId || last;
        return;
      }
      // Out of step: start again from nothing, which brings the whole elements.
      last = '';
      close();
      open();
    });
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

// Live inputs: a form marked data-inputs (m:inputs) sends its fields to its own action as an
// input event (the MVVMWeb-Input header) as people type, and the answer's elements, the form's
// live parts re-rendered, are merged in by id. What a person typed or ticked, and the focus, are
// never touched: a field only takes the attributes the view model decides (disabled, ARIA), and
// only what is not a field (messages, the preview) is replaced. An answer to anything but the
// latest input is dropped. Save stays the form's own submit: without this script, or if an event
// fails, the form posts as it always did.
(function () {
  'use strict';
  if (!window.fetch || !window.URLSearchParams || !window.FormData) return;
  var FIELDS = { INPUT: 1, SELECT: 1, TEXTAREA: 1, BUTTON: 1 };
  var FIELD_ATTRIBUTES = ['disabled', 'aria-invalid', 'aria-describedby'];

  function isField(node) { return node.nodeType === 1 && FIELDS[node.tagName] === 1; }
  function holdsField(node) {
    return node.nodeType === 1 && (isField(node) || !!node.querySelector('input,select,textarea,button'));
  }

  function syncAttributes(old, next, names) {
    (names || Array.prototype.map.call(next.attributes, function (a) { return a.name; })
      .concat(Array.prototype.map.call(old.attributes, function (a) { return a.name; })))
      .forEach(function (name) {
        var value = next.getAttribute(name);
        if (value === null) old.removeAttribute(name);
        else if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      });
  }

  // The runs of children around the kept ones: one before each kept child, and one after all.
  function gaps(parent, kept) {
    var runs = [[]];
    Array.prototype.forEach.call(parent.childNodes, function (child) {
      if (kept(child)) runs.push([]); else runs[runs.length - 1].push(child);
    });
    return runs;
  }

  function sameNodes(these, those) {
    return these.length === those.length && these.every(function (node, index) {
      return node.isEqualNode(those[index]);
    });
  }

  // Makes `old` show what `next` says, keeping every field node (and so its value, checked state
  // and focus). Returns false, changing nothing, when the two are not the same shape.
  function merge(old, next) {
    if (old.tagName !== next.tagName) return false;
    // Unchanged: left alone, so a message region is not announced again.
    if (old.isEqualNode(next)) return true;
    if (isField(old)) {
      syncAttributes(old, next, FIELD_ATTRIBUTES);
      return true;
    }
    if (!holdsField(old)) {
      syncAttributes(old, next);
      old.replaceChildren.apply(old, Array.prototype.slice.call(next.childNodes));
      return true;
    }
    // Children merged in place rather than replaced: fields and what holds them, and elements
    // whose id is on both sides (a message region keeps its node, so screen readers announce
    // its new words).
    var ids = function (parent) {
      return Array.prototype.map.call(parent.children, function (child) { return child.id; });
    };
    var nextIDs = ids(next);
    var shared = ids(old).filter(function (id) { return id && nextIDs.indexOf(id) >= 0; });
    var kept = function (node) {
      return node.nodeType === 1 && (holdsField(node) || shared.indexOf(node.id) >= 0);
    };
    var olds = Array.prototype.filter.call(old.childNodes, kept);
    var nexts = Array.prototype.filter.call(next.childNodes, kept);
    if (olds.length !== nexts.length) return false;
    for (var i = 0; i < olds.length; i++) {
      if (olds[i].tagName !== nexts[i].tagName || olds[i].id !== nexts[i].id) return false;
    }
    syncAttributes(old, next);
    // Between kept children, what changed is replaced and what did not is left alone (a label
    // keeps its node too).
    var before = gaps(old, kept);
    var after = gaps(next, kept);
    for (var gap = 0; gap < before.length; gap++) {
      if (sameNodes(before[gap], after[gap])) continue;
      before[gap].forEach(function (node) { node.remove(); });
      var place = olds[gap] || null;
      after[gap].forEach(function (node) { old.insertBefore(node, place); });
    }
    for (var k = 0; k < olds.length; k++) merge(olds[k], nexts[k]);
    return true;
  }

  function apply(html) {
    var template = document.createElement('template');
    template.innerHTML = html;
    Array.prototype.slice.call(template.content.children).forEach(function (next) {
      var old = next.id && document.getElementById(next.id);
      if (old) merge(old, next);
    });
  }

  function follow(form) {
    var latest = 0;
    var timer = null;
    // Live updates are off on the server (204): the form is a plain form from now on.
    var off = false;
    function send(sequence) {
      var body = new URLSearchParams(new FormData(form));
      fetch(form.action, {
        method: 'POST',
        // The form's number on the page: the answer is that form's parts alone.
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'MVVMWeb-Input': form.getAttribute('data-inputs') || '1'
        },
        body: body.toString(),
        credentials: 'same-origin'
      }).then(function (response) {
        if (response.status === 204) off = true;
        return response.ok && !off ? response.text() : null;
      }).then(function (html) {
        // An answer to anything but the latest input would undo what came after it.
        if (html !== null && sequence === latest) apply(html);
      }).catch(function () { });
    }
    function changed(event, now) {
      if (off || !isField(event.target) || !event.target.name) return;
      latest += 1;
      var sequence = latest;
      clearTimeout(timer);
      if (now) send(sequence);
      else timer = setTimeout(function () { send(sequence); }, 150);
    }
    function isChoice(field) {
      return field.type === 'checkbox' || field.type === 'radio' || field.tagName === 'SELECT';
    }
    // Typing waits for a pause; a box or a list answers at once, on `change`.
    form.addEventListener('input', function (event) {
      if (!isChoice(event.target)) changed(event, false);
    });
    form.addEventListener('change', function (event) {
      if (isChoice(event.target)) changed(event, true);
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll('form[data-inputs]'), follow);
})();
