// Runs before the app: registers the service worker (offline play), makes
// sure a failed start never leaves a blank page, and takes a click on the
// prerendered page's Quick start while the app is still loading.
(function () {
  "use strict";
  var boot = document.getElementById("boot");
  // A reload opens the page at its top, where the board is, rather than
  // where it was scrolled to: a resumed game shows its whole board on a
  // phone (the app scrolls to the top too, for a game started in the page).
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  var shell = document.querySelector("[data-shell]");
  var quick = document.querySelector("[data-shell-quick]");

  // Says that the app could not start, and why. The first reason given is
  // kept (what fails after it follows from it). A failed download, which
  // the browser calls "Failed to fetch" (Chromium), "NetworkError when
  // attempting to fetch resource." (Firefox) or "Load failed" (Safari),
  // is named in the player's words. In another language than English,
  // boot-failed.js (loaded only now) writes the message in that language.
  function fail(detail) {
    if (!boot || boot.getAttribute("data-detail") != null || document.querySelector("[data-game]")) return;
    if (/fetch|load failed/i.test(detail)) detail = "a file did not load";
    boot.hidden = false;
    boot.classList.add("boot-failed");
    if (quick) {
      quick.disabled = true;
      quick.removeAttribute("aria-busy");
    }
    boot.setAttribute("data-detail", detail || "");
    boot.textContent =
      "Barricade could not start in this browser" + (detail ? " (" + detail + ")" : "") +
      ". Please reload the page, or try a current version of Firefox, Chrome, Edge or Safari.";
    if (language != "en") document.head.appendChild(document.createElement("script")).src = "boot-failed.js";
  }

  // Quick start before the app runs: only on a first visit (no saved game
  // to lose, no link to open). The click is remembered on the shell
  // (data-quick) and the app starts the game as soon as it runs; until
  // then the button says so. With a saved game the button stays disabled
  // and the line says that the game is loading.
  var saved = false;
  var savedText = "";
  try {
    savedText = localStorage.getItem("barricade.game") || "";
    saved = !!savedText;
  } catch (e) {
    saved = true;
  }

  // The shell's words are English. In another language (the one chosen
  // before, or else the browser's first that the game speaks, as
  // src/platform/language_files.rs picks it) they stay hidden until the app draws
  // the panel in that language; the board shows at once.
  var tags = (navigator.languages || []).slice();
  try {
    tags.unshift(/^language (\w+)/m.exec(localStorage.getItem("barricade.settings"))[1]);
  } catch (e) {}
  var language = "en";
  for (var i = tags.length; i--; ) {
    var known = /^(de|en|fr|es|it|nl|da|sv|pl|ru)\b/i.exec(tags[i]);
    if (known) language = known[1].toLowerCase();
  }
  if (language != "en" && shell) {
    document.documentElement.lang = language;
    shell.classList.add("other-language");
  }
  // The app needs this language's file before it can draw a word; asking
  // for it now, beside the wasm, saves a round trip once the app runs
  // (its fetch of the same file is answered by this download).
  var words = document.createElement("link");
  words.rel = "preload";
  words.as = "fetch";
  words.crossOrigin = "anonymous";
  words.href = "lang/" + language + ".txt";
  document.head.appendChild(words);

  // A game on the quick board (in the link opened, or else the saved
  // game) is drawn lower: the prerendered board takes that shape at once
  // and shows only its paper until the app draws the quick board, so
  // nothing on the page moves.
  var link = /(?:^#|&)(?:replay|play)=([^&]*)/.exec(location.hash);
  var quickBoard = link ? link[1].charAt(0) === "D" : /^choices .*\bboard=quick\b/m.test(savedText);
  var board = shell && shell.querySelector("svg.board");
  if (quickBoard && board) {
    board.setAttribute("class", "board quick waiting");
    board.setAttribute("viewBox", "-8 -9 176 138");
  }
  if (saved && boot) {
    boot.textContent = "Loading your game…";
  } else if (quick && shell && !location.hash) {
    quick.disabled = false;
    quick.addEventListener("click", function () {
      shell.setAttribute("data-quick", "");
      quick.disabled = true;
      quick.setAttribute("aria-busy", "true");
      quick.textContent = "Starting…";
    });
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
