// The message of a failed start (see boot.js) in the page's language.
// boot.js writes it in English and loads this file only when the app
// could not start in a page of another language, so a visit where the
// app starts never downloads it. A technical detail from the browser stays as the
// browser wrote it; the two that boot.js names itself are translated.
(function () {
  "use strict";
  // [the message, " ({0})" where the detail goes; "no WebAssembly";
  // "a file did not load"]
  var texts = {
    da: [
      "Barricade kunne ikke starte i denne browser ({0}). Genindlæs siden, eller prøv en nyere version af Firefox, Chrome, Edge eller Safari.",
      "ingen WebAssembly",
      "en fil blev ikke indlæst",
    ],
    de: [
      "Malefiz konnte in diesem Browser nicht starten ({0}). Lade die Seite bitte neu oder nimm eine aktuelle Version von Firefox, Chrome, Edge oder Safari.",
      "kein WebAssembly",
      "eine Datei wurde nicht geladen",
    ],
    es: [
      "Barricade no ha podido arrancar en este navegador ({0}). Vuelve a cargar la página o prueba una versión actual de Firefox, Chrome, Edge o Safari.",
      "sin WebAssembly",
      "un archivo no se ha cargado",
    ],
    fr: [
      "Barricade n’a pas pu démarrer dans ce navigateur ({0}). Recharge la page, ou essaie une version récente de Firefox, Chrome, Edge ou Safari.",
      "pas de WebAssembly",
      "un fichier ne s’est pas chargé",
    ],
    it: [
      "Barricade non è riuscito ad avviarsi in questo browser ({0}). Ricarica la pagina oppure prova una versione recente di Firefox, Chrome, Edge o Safari.",
      "WebAssembly non disponibile",
      "un file non è stato caricato",
    ],
    nl: [
      "Barricade kon niet starten in deze browser ({0}). Laad de pagina opnieuw of probeer een recente versie van Firefox, Chrome, Edge of Safari.",
      "geen WebAssembly",
      "een bestand is niet geladen",
    ],
    pl: [
      "Nie udało się uruchomić gry Barricade w tej przeglądarce ({0}). Odśwież stronę albo spróbuj aktualnej wersji przeglądarki Firefox, Chrome, Edge lub Safari.",
      "brak WebAssembly",
      "nie wczytano pliku",
    ],
    ru: [
      "Barricade не удалось запустить в этом браузере ({0}). Обнови страницу или попробуй свежую версию Firefox, Chrome, Edge или Safari.",
      "нет WebAssembly",
      "не загрузился файл",
    ],
    sv: [
      "Barricade kunde inte starta i den här webbläsaren ({0}). Ladda om sidan eller prova en aktuell version av Firefox, Chrome, Edge eller Safari.",
      "ingen WebAssembly",
      "en fil kunde inte laddas",
    ],
  };

  var boot = document.getElementById("boot");
  var text = texts[document.documentElement.lang];
  if (!boot || !text) return;
  var detail = boot.getAttribute("data-detail") || "";
  if (detail === "no WebAssembly") detail = text[1];
  if (detail === "a file did not load") detail = text[2];
  boot.textContent = detail ? text[0].replace("{0}", detail) : text[0].replace(" ({0})", "");
})();
