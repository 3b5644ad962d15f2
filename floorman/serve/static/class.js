// floorman class: a little help on top of plain forms (every page works without it).
// A question: press a letter to pick that choice. The feedback: Enter or n for what comes next.
// The trainer's dashboard: the results refresh every few seconds without reloading the page.
(function () {
  "use strict";
  var main = document.querySelector("main");
  if (!main) { return; }
  var kind = main.getAttribute("data-page");

  function typing(event) {
    var target = event.target;
    return target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
  }

  if (kind === "question") {
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event)) { return; }
      var key = (event.key || "").toLowerCase();
      if (key.length !== 1) { return; }
      var button = document.querySelector('button.choice[data-key="' + key + '"]');
      if (button) { event.preventDefault(); button.click(); }
    });
    // one tap, one answer: a second tap while the first is on its way sends nothing
    var form = document.querySelector("form.answer");
    if (form) {
      form.addEventListener("submit", function (event) {
        if (form.getAttribute("data-sent")) { event.preventDefault(); return; }
        form.setAttribute("data-sent", "1");
      });
    }
  }

  if (kind === "feedback") {
    var next = document.querySelector("[data-next]");
    if (next) {
      next.focus();
      document.addEventListener("keydown", function (event) {
        if (event.ctrlKey || event.metaKey || event.altKey || typing(event)) { return; }
        if (event.key === "n" || event.key === "N") { event.preventDefault(); next.click(); }
      });
    }
  }

  if (kind === "dashboard") {
    var live = document.getElementById("live");
    var address = main.getAttribute("data-live");
    if (live && address && window.fetch) {
      var refresh = function () {
        fetch(address, { credentials: "same-origin", cache: "no-store" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) { if (html !== null) { live.innerHTML = html; } })
          .catch(function () { /* the server restarting: try again at the next tick */ });
      };
      window.setInterval(refresh, 3000);
    }
  }
})();
