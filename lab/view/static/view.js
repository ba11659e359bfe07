// lab view: keeps the page live and filters the test x variant matrix. No dependencies.
(function () {
  "use strict";
  var POLL_MS = 1000;
  var main = document.getElementById("live");
  var state = document.getElementById("live-state");

  function applyFilters() {
    var tables = document.querySelectorAll("table.matrix");
    if (!tables.length) return;
    var val = function (id) { var el = document.getElementById(id); return el ? el : null; };
    var differ = val("f-differ"), failing = val("f-failing"), cat = val("f-category"),
        out = val("f-outcome"), search = val("f-search");
    var q = search ? search.value.trim().toLowerCase() : "";
    var shown = 0, rows = document.querySelectorAll("table.matrix tbody tr.test");
    rows.forEach(function (tr) {
      var ok = (!differ || !differ.checked || tr.dataset.differ === "1") &&
               (!failing || !failing.checked || tr.dataset.failing === "1") &&
               (!cat || !cat.value || tr.dataset.category === cat.value) &&
               (!out || !out.value || tr.dataset.outcomes.indexOf(" " + out.value + " ") >= 0) &&
               (!q || tr.dataset.test.toLowerCase().indexOf(q) >= 0 || tr.dataset.text.indexOf(q) >= 0);
      tr.hidden = !ok;
      if (ok) shown++;
    });
    var count = document.getElementById("f-count");
    if (count) count.textContent = shown + " of " + rows.length + " tests";
  }

  // Inputs marked data-keep keep their value (and focus) across a live refresh.
  function saveInputs() {
    var saved = {}, active = document.activeElement;
    main.querySelectorAll("[data-keep]").forEach(function (el) {
      saved[el.id] = el.type === "checkbox" ? el.checked : el.value;
    });
    return {values: saved, focus: active && active.id && active.hasAttribute("data-keep") ? active.id : null,
            caret: active && active.selectionStart};
  }
  function restoreInputs(s) {
    Object.keys(s.values).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (el.type === "checkbox") el.checked = s.values[id]; else el.value = s.values[id];
    });
    if (s.focus) {
      var f = document.getElementById(s.focus);
      if (f) { f.focus(); try { f.setSelectionRange(s.caret, s.caret); } catch (e) { /* not text */ } }
    }
    applyFilters();
  }

  main.addEventListener("input", applyFilters);
  main.addEventListener("change", applyFilters);
  applyFilters();

  var busy = false;
  function poll() {
    if (busy || main.dataset.live !== "1") return;
    busy = true;
    fetch("/api/version", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (v) {
      if (String(v.version) === main.dataset.version) { busy = false; return; }
      var url = new URL(window.location.href);
      url.searchParams.set("fragment", "1");
      return fetch(url, {cache: "no-store"}).then(function (r) {
        var ver = r.headers.get("X-Version");
        return r.text().then(function (html) {
          var s = saveInputs();
          main.innerHTML = html;
          if (ver) main.dataset.version = ver;
          restoreInputs(s);
          if (state) state.textContent = "updated " + new Date().toLocaleTimeString();
          busy = false;
        });
      });
    }).catch(function () {
      if (state) state.textContent = "server not reachable; retrying";
      busy = false;
    });
  }
  setInterval(poll, POLL_MS);
})();
