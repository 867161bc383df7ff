/* sitegen's one script, loaded on every page (deferred). Each part only improves what works
   without it: the header's search box (without JavaScript it leads to the players index), and
   the cue above a table wider than the screen (the table scrolls sideways either way).
   No library, no network beyond the site's own files. Texts shown come from the page. */
(function () {
  "use strict";

  /* --- Search: players, seasons, groups, tournaments, ladders and pages, from search.json. */
  var form = document.querySelector("form.site-search");
  if (form && window.fetch) {
    var input = form.querySelector("input[type=search]"), drop = form.querySelector(".search-drop"),
        list = drop.querySelector("ul"), status = drop.querySelector(".search-status"),
        base = form.dataset.base, index = null, table = {}, shown = 20;
    /* Fold as sitegen.display.fold does: search.json's table maps each character whose
       transliteration is not its lower case (Ł -> l, Ø -> o, ß -> ss). */
    var fold = function (text) {
      var out = "";
      for (var c of text.normalize("NFC")) { out += table[c] !== undefined ? table[c] : c.toLowerCase(); }
      return out;
    };
    var load = function () {
      if (!index) {
        index = fetch(form.dataset.index).then(function (r) { return r.json(); }).then(function (d) {
          table = d.fold || {};
          return d.players.concat(d.competitions);
        });
      }
      return index;
    };
    /* Counts take the page language's plural form: data-many (and data-more) hold the
       general one, data-many-few, data-many-many ... a form of its own for that CLDR
       category where the language has one (Polish: 2 trafienia, 5 trafień). */
    var plural = null;
    try { plural = new Intl.PluralRules(document.documentElement.lang); } catch (e) { plural = null; }
    var say = function (count) {
      var key = count === 0 ? "none" : count === 1 ? "one" : count > shown ? "more" : "many";
      var category = plural && (key === "many" || key === "more") ? plural.select(count) : "";
      var own = category ? form.dataset[key + category.charAt(0).toUpperCase() + category.slice(1)] : undefined;
      return (own !== undefined ? own : form.dataset[key]).replace("{count}", count).replace("{shown}", shown);
    };
    var show = function () {
      var words = [];
      load().then(function (items) {
        words = fold(input.value).split(/\s+/).filter(Boolean);
        if (!words.length) { drop.hidden = true; status.textContent = ""; return; }
        var found = items.filter(function (item) {
          return words.every(function (w) { return item[3].indexOf(w) >= 0; });
        });
        var starts = function (item) { return item[3].indexOf(words[0]) === 0 || item[3].indexOf(" " + words[0]) >= 0; };
        found.sort(function (a, b) { return starts(b) - starts(a); });
        list.replaceChildren.apply(list, found.slice(0, shown).map(function (item) {
          var li = document.createElement("li"), a = document.createElement("a"), small = document.createElement("span");
          a.href = base + item[1]; a.textContent = item[0];
          small.className = "muted"; small.textContent = item[2] ? " · " + item[2] : "";
          li.append(a, small); return li;
        }));
        status.textContent = say(found.length);
        drop.hidden = false;
      });
    };
    /* search.json is asked for when the box is focused (a tap or a tab into it), so it is on
       its way while the first letters are typed; a page that is only read never loads it. */
    input.addEventListener("focus", load);
    input.addEventListener("input", show);
    input.addEventListener("keydown", function (e) { if (e.key === "Escape") { drop.hidden = true; } });
    form.addEventListener("submit", function (e) {
      var a = list.querySelector("a");
      if (a && !drop.hidden) { e.preventDefault(); a.click(); }
    });
    document.addEventListener("click", function (e) { if (!form.contains(e.target)) { drop.hidden = true; } });
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) { input.value = query; show(); }
  }

  /* --- A crosstable's result: its sentence ("Ann against Bob: won with Black"), written once in
     the page for screen readers, becomes the cell's tooltip when a pointer first rests on it. */
  document.addEventListener("mouseover", function (e) {
    var cell = e.target.closest ? e.target.closest(".crosstable td.cell") : null;
    var words = cell && !cell.title ? cell.querySelector(".visually-hidden") : null;
    if (words) { cell.title = words.textContent; }
  });

  /* --- A tournament's round result leads to its opponent's row (#r12). On a phone that row's
     other criteria and rounds are behind its "Rounds" (a <details>); the stylesheet shows a
     followed row's without script (tr:target). Here the row's disclosure is opened instead, so
     that the reader can close it again: the table marked "opens" leaves it to the disclosure.
     A result followed a second time (the address already ends in its #r12) opens it too. */
  var standings = document.querySelector("table.tournament.with-rounds");
  if (standings) {
    var openRow = function (hash) {
      var row = hash.length > 1 ? document.getElementById(hash.slice(1)) : null;  /* "r12": nothing to decode */
      var more = row && standings.contains(row) ? row.querySelector(".more > details") : null;
      if (more) { more.open = true; }
    };
    standings.classList.add("opens");
    openRow(window.location.hash);
    window.addEventListener("hashchange", function () { openRow(window.location.hash); });
    standings.addEventListener("click", function (e) {
      var a = e.target.closest ? e.target.closest("a[href^='#']") : null;
      if (a) { openRow(a.hash); }
    });
  }

  /* --- Tables wider than their column: a cue above them, and a fade at the edge where more
     columns wait, until the reader has scrolled to the end. */
  var cue = document.getElementById("scroll-cue");
  var regions = Array.prototype.slice.call(document.querySelectorAll(".scroll"));
  /* Every region's sizes are read first, then every class and cue is written: one layout for
     the page, not one per table (reading a size after a write forces the browser to lay the
     page out again). */
  var measure = function (region) {
    var more = region.scrollWidth > region.clientWidth + 1;
    return {region: region, more: more,
            end: !more || region.scrollLeft + region.clientWidth >= region.scrollWidth - 1};
  };
  var apply = function (size) {
    var region = size.region, more = size.more;
    region.classList.toggle("overflows", more);
    region.classList.toggle("at-end", size.end);
    var hint = region.previousElementSibling;
    if (!(hint && hint.classList.contains("scroll-cue"))) {
      if (!more || !cue) { return; }
      hint = cue.content.firstElementChild.cloneNode(true);
      region.parentNode.insertBefore(hint, region);
    }
    hint.hidden = !more;
  };
  var updateAll = function () { regions.map(measure).forEach(apply); };
  updateAll();
  regions.forEach(function (region) {
    region.addEventListener("scroll", function () { apply(measure(region)); }, {passive: true});
  });
  window.addEventListener("resize", updateAll);
})();
