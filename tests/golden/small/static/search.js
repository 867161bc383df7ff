/* Find a player: filters search.json (built by sitegen) as you type. No library, no network
   beyond the site's own files; without JavaScript the A-Z list below does the job. */
(function () {
  "use strict";
  var form = document.getElementById("search");
  if (!form || !window.fetch) { return; }
  var input = document.getElementById("search-q"), list = document.getElementById("search-results"),
      status = document.getElementById("search-status"), base = form.dataset.base, index = null;
  function fold(text) { return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  function load() {
    if (!index) {
      index = fetch(form.dataset.index).then(function (r) { return r.json(); }).then(function (d) {
        return d.players.map(function (p) { return p.concat("player"); }).concat(
          d.competitions.map(function (c) { return [c[0], c[1], c[2], c[3], "competition"]; }));
      });
    }
    return index;
  }
  function show() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    load().then(function (items) {
      var found = words.length ? items.filter(function (item) {
        return words.every(function (w) { return item[3].indexOf(w) >= 0; });
      }) : [];
      found.sort(function (a, b) { return (b[3].indexOf(words[0]) === 0) - (a[3].indexOf(words[0]) === 0); });
      list.replaceChildren.apply(list, found.slice(0, 20).map(function (item) {
        var li = document.createElement("li"), a = document.createElement("a"), small = document.createElement("span");
        a.href = base + item[1]; a.textContent = item[0];
        small.className = "muted"; small.textContent = item[2] ? " · " + item[2] : "";
        li.append(a, small); return li;
      }));
      status.textContent = words.length ? (found.length === 0 ? "No match." : found.length === 1 ? "1 match." :
        found.length + " matches" + (found.length > 20 ? ", the first 20 shown." : ".")) : "";
    });
  }
  input.addEventListener("input", show);
  form.addEventListener("submit", function (e) { e.preventDefault(); var a = list.querySelector("a"); if (a) { a.click(); } });
  form.hidden = false;
  if (input.value) { show(); }
})();
