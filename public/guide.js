// The "How to play" page (written by src/prerender/guide.rs). A link from the game
// ends in #play-NAME, NAME being the rule set played or chosen: that rule
// set's section moves up into the empty "chosen" section after the
// contents, so the page starts with what this game does differently.
const wanted = /^#play-([a-z-]+)$/.exec(location.hash);
const rules = wanted && document.getElementById(wanted[1]);
const chosen = document.getElementById("chosen");
if (rules && rules.classList.contains("rule-set") && chosen) {
  chosen.append(rules);
  chosen.hidden = false;
}
