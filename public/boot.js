// Runs before the app: registers the service worker (offline play), and
// makes sure a failed start never leaves a blank page.
(function () {
  "use strict";
  var boot = document.getElementById("boot");

  function fail(detail) {
    if (!boot || document.querySelector("[data-game]")) return;
    boot.hidden = false;
    boot.classList.add("boot-failed");
    boot.textContent =
      "Barricade could not start in this browser" + (detail ? " (" + detail + ")" : "") +
      ". Please reload the page, or try a current version of Firefox, Chrome, Edge or Safari.";
  }

  if (typeof WebAssembly !== "object") {
    fail("no WebAssembly");
  }
  window.addEventListener("error", function (e) {
    if (e && e.target && e.target !== window && (e.target.src || e.target.href)) {
      fail("a file did not load");
    } else if (e && e.message) {
      fail(String(e.message).slice(0, 120));
    }
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    fail(e && e.reason ? String(e.reason.message || e.reason).slice(0, 120) : "");
  });
  addEventListener("TrunkApplicationStarted", function () {
    if (boot) boot.hidden = true;
  });

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("./sw.js").catch(function () {
        // Offline play is a bonus: the game runs without it.
      });
    });
  }
})();
