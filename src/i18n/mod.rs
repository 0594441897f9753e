//! The languages, their message tables and the filling in of messages.
//!
//! Every language is one file, `public/lang/CODE.txt`: a line `key = text`
//! per [`Text`], in the order of [`Text`] (docs/translating.md). The page
//! downloads only the language in use and installs it in the page's
//! [`Words`] ([`Words::install`]);
//! natively (tests, the prerendered page) English is built in.
//!
//! A message's text may hold `{0}` (a value), `{0:1}` (form 1 of a colour
//! value, for the grammar of its sentence) and `{0?one|other}` (a choice
//! by the number `{0}` and the language's plural rule).

pub use crate::state::language::Language;
pub use keys::Text;

mod keys;
pub mod text;

use barricade_rules::{Colour, Team};
use leptos::prelude::*;
use leptos::reactive::graph::Observer;

/// The texts of one language, in the order of [`Text`].
pub type Table = &'static [&'static str];

/// The page's words: the language in use and its texts, one context of
/// the app (provided by [`crate::app`]). Reading a text through it is
/// reading a signal, so a view that shows words is drawn again in a new
/// language by itself. Every language loaded in this visit is kept, so
/// switching back needs no download.
#[derive(Clone, Copy)]
pub struct Words {
    /// The language in use and its table.
    current: RwSignal<(Language, Table)>,
    /// Every language installed in this visit.
    loaded: StoredValue<Vec<(Language, Table)>>,
}

impl Words {
    /// The words of `language` from its file; `None` if the file is not a
    /// language file (not one line per [`Text`]).
    pub fn new(language: Language, file: String) -> Option<Words> {
        let table = leak_table(file)?;
        Some(Words {
            current: RwSignal::new((language, table)),
            loaded: StoredValue::new(vec![(language, table)]),
        })
    }

    /// English, built in natively (tests and the pages written at build
    /// time); the page downloads it like any other language.
    ///
    /// ```
    /// use barricade_web::i18n::{Text, Words};
    /// assert_eq!(Words::english().t(Text::Title), "Barricade");
    /// ```
    #[cfg(not(target_family = "wasm"))]
    pub fn english() -> Words {
        Words::new(
            Language::En,
            include_str!("../../public/lang/en.txt").to_string(),
        )
        .unwrap_or_else(|| unreachable!("en.txt is a language file"))
    }

    /// The language in use and its table, a dependency of the caller
    /// when it runs in a reactive context (a view, a memo, an effect);
    /// read plainly elsewhere (an intent, the pages written at build
    /// time).
    fn now(self) -> (Language, Table) {
        if Observer::get().is_some() {
            self.current.track();
        }
        self.current.get_untracked()
    }

    /// The language in use (a dependency of the caller).
    pub fn language(self) -> Language {
        self.now().0
    }

    /// The language in use, read without depending on it.
    pub fn language_untracked(self) -> Language {
        self.current.get_untracked().0
    }

    /// Makes `file` the table of `language` and the language in use; false
    /// (and nothing changed) if the file is not a language file.
    pub fn install(self, language: Language, file: String) -> bool {
        let Some(table) = leak_table(file) else {
            return false;
        };
        self.loaded.update_value(|l| l.push((language, table)));
        self.current.set((language, table));
        true
    }

    /// Makes `language` the one in use if it was installed before.
    pub fn activate(self, language: Language) -> bool {
        let table = self.loaded.with_value(|l| {
            l.iter()
                .rev()
                .find(|(l, _)| *l == language)
                .map(|(_, t)| *t)
        });
        if let Some(table) = table {
            if self.language_untracked() != language {
                self.current.set((language, table));
            }
            return true;
        }
        false
    }

    /// Draws again what shows the language in use (a language menu left
    /// on a language that did not load).
    pub fn redraw(self) {
        self.current.update(|_| {});
    }

    /// The text of `text` in the language in use (a dependency of the
    /// caller).
    pub fn t(self, text: Text) -> &'static str {
        lookup(self.now().1, text)
    }

    /// The text of `text` with `args` filled in.
    ///
    /// ```
    /// use barricade_rules::Colour;
    /// use barricade_web::i18n::{Arg, Text, Words};
    /// let line = Words::english().fill(Text::NewsRolled, &[Arg::Colour(Colour::Red), Arg::Num(4)]);
    /// assert_eq!(line, "Red rolled 4");
    /// ```
    pub fn fill(self, text: Text, args: &[Arg]) -> String {
        let (language, table) = self.now();
        fill_in(language, table, lookup(table, text), args)
    }

    /// `template` with `args` filled in, in the language in use.
    pub fn fill_in(self, template: &str, args: &[Arg]) -> String {
        let (language, table) = self.now();
        fill_in(language, table, template, args)
    }

    /// Form `form` of a colour's name (form 0 if the language has no such).
    pub fn colour_form(self, colour: Colour, form: usize) -> &'static str {
        colour_form(self.now().1, colour, form)
    }
}

/// The table of a language file, kept for the rest of the visit.
fn leak_table(file: String) -> Option<Table> {
    let file: &'static str = String::leak(file);
    parse(file).map(Vec::leak).map(|t| &*t)
}

/// The texts of a language file, in order; `None` if it is not one (not
/// one line per [`Text`]). A line is `key = text`, or as the built site
/// serves it, the text alone (no text holds ` = `).
pub fn parse(file: &str) -> Option<Vec<&str>> {
    let texts: Vec<&str> = file
        .lines()
        .map(|line| line.split_once(" = ").map_or(line, |(_, text)| text))
        .collect();
    (texts.len() == Text::COUNT && texts.iter().all(|t| !t.is_empty())).then_some(texts)
}

/// The text of `text` in `table` ("" if the table lacks it).
fn lookup(table: Table, text: Text) -> &'static str {
    table.get(text as usize).copied().unwrap_or_default()
}

/// A value filled into a message.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Words or notation, as they are.
    Str(&'a str),
    /// A number.
    Num(u64),
    /// A colour's name, in the form the message asks for.
    Colour(Colour),
    /// A team's name: its colours in the same form, joined by [`Text::Team`].
    Team(Team),
}

/// `template` with `args` filled in (see the module's documentation), in
/// `language` whose texts are `table`.
pub fn fill_in(language: Language, table: Table, template: &str, args: &[Arg]) -> String {
    // No byte-index slicing here: its panic path would pull core's
    // formatting of chars into the page (1.8 KB).
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        let Some((spec, next)) = after.split_once('}') else {
            out.push('{');
            rest = after;
            break;
        };
        value(language, table, spec, args, &mut out);
        rest = next;
    }
    out.push_str(rest);
    out
}

/// Writes one `{…}` of a message: `spec` is what the braces hold.
fn value(language: Language, table: Table, spec: &str, args: &[Arg], out: &mut String) {
    let rest = spec.trim_start_matches(|c: char| c.is_ascii_digit());
    let index = spec
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0usize, |n, b| {
            n.saturating_mul(10).saturating_add(usize::from(b - b'0'))
        });
    let Some(arg) = args.get(index).filter(|_| rest.len() < spec.len()) else {
        return;
    };
    if let Some(forms) = rest.strip_prefix('?') {
        let n = match arg {
            Arg::Num(n) => *n,
            _ => 1,
        };
        let forms: Vec<&str> = forms.split('|').collect();
        let pick = language.plural(n).min(forms.len() - 1);
        out.push_str(forms[pick]);
        return;
    }
    let form = rest
        .strip_prefix(':')
        .and_then(|k| k.parse().ok())
        .unwrap_or(0);
    match *arg {
        Arg::Str(s) => out.push_str(s),
        Arg::Num(n) => out.push_str(&n.to_string()),
        Arg::Colour(c) => out.push_str(colour_form(table, c, form)),
        Arg::Team(team) => {
            let mut colours = team.iter();
            match (colours.next(), colours.next()) {
                (Some(a), Some(b)) => out.push_str(&fill_in(
                    language,
                    table,
                    lookup(table, Text::Team),
                    &[
                        Arg::Str(colour_form(table, a, form)),
                        Arg::Str(colour_form(table, b, form)),
                    ],
                )),
                (Some(a), None) => out.push_str(colour_form(table, a, form)),
                _ => {}
            }
        }
    }
}

/// Form `form` of a colour's name in `table` (form 0 if the language has
/// no such).
fn colour_form(table: Table, colour: Colour, form: usize) -> &'static str {
    let line = lookup(
        table,
        match colour {
            Colour::Red => Text::Red,
            Colour::Green => Text::Green,
            Colour::Yellow => Text::Yellow,
            Colour::Blue => Text::Blue,
        },
    );
    let mut forms = line.split('|');
    let first = forms.clone().next().unwrap_or_default();
    forms.nth(form).unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_rules::ColourSet;

    fn fill_in(template: &str, args: &[Arg]) -> String {
        Words::english().fill_in(template, args)
    }

    #[test]
    fn values_forms_and_plurals_are_filled_in() {
        let args = [Arg::Num(3), Arg::Colour(Colour::Blue)];
        assert_eq!(
            fill_in("{1} has {0} {0?pawn|pawns}", &args),
            "Blue has 3 pawns"
        );
        assert_eq!(fill_in("{0?one|other}", &[Arg::Num(1)]), "one");
        assert_eq!(fill_in("{1:2}", &args), "Blue", "a missing form is form 0");
        let team: ColourSet = [Colour::Red, Colour::Yellow].into_iter().collect();
        assert_eq!(fill_in("{0} win", &[Arg::Team(team)]), "Red and Yellow win");
    }

    #[test]
    fn broken_templates_lose_nothing_else() {
        assert_eq!(fill_in("a {9} b", &[]), "a  b");
        assert_eq!(fill_in("a {0", &[Arg::Num(1)]), "a {0");
        assert_eq!(fill_in("{x}", &[Arg::Num(1)]), "");
    }

    #[test]
    fn a_damaged_language_file_is_refused_and_changes_nothing() {
        let words = Words::english();
        assert!(!words.install(Language::De, "title = Malefiz\n".into()));
        assert_eq!(words.language(), Language::En);
        assert!(!words.activate(Language::De));
        assert_eq!(words.t(Text::Title), "Barricade");
        assert!(Words::new(Language::De, String::new()).is_none());
    }

    #[test]
    fn every_language_file_has_the_keys_and_values_of_english() {
        let english = include_str!("../../public/lang/en.txt");
        let keys = |file: &str| -> Vec<String> {
            file.lines()
                .map(|l| l.split_once(" = ").map_or(l, |(k, _)| k).to_string())
                .collect()
        };
        let values = |text: &str| -> Vec<String> {
            let mut found: Vec<String> = text
                .match_indices('{')
                .map(|(i, _)| {
                    text[i + 1..]
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect()
                })
                .collect();
            found.sort();
            found.dedup();
            found
        };
        assert_eq!(keys(english), Text::KEYS, "en.txt follows the Text enum");
        for language in Language::ALL {
            let path = format!(
                "{}/public/lang/{}.txt",
                env!("CARGO_MANIFEST_DIR"),
                language.code()
            );
            let file = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(
                keys(&file),
                keys(english),
                "{path}: the keys of en.txt, in order"
            );
            let texts = parse(&file).unwrap_or_else(|| panic!("{path} does not parse"));
            let served: String = texts.iter().map(|t| format!("{t}\n")).collect();
            assert_eq!(
                parse(&served),
                Some(texts.clone()),
                "{path} without its keys"
            );
            for ((text, english), key) in texts.iter().zip(parse(english).unwrap()).zip(Text::KEYS)
            {
                assert!(!text.contains(" = "), "{path}: {key} holds \" = \"");
                let mut depth = 0i32;
                for c in text.chars() {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    assert!(
                        (0..=1).contains(&depth),
                        "{path}: {key}: braces nested or unbalanced"
                    );
                }
                assert_eq!(depth, 0, "{path}: {key}: a brace left open");
                assert_eq!(
                    values(text),
                    values(english),
                    "{path}: {key} has the values of English"
                );
            }
        }
    }

    /// public/boot.js picks the page's language from the same list before
    /// the app runs, and public/boot-failed.js says a failed start in every
    /// language but English: both must follow `Language::ALL`.
    #[test]
    fn the_scripts_before_the_app_know_every_language() {
        let read = |name: &str| {
            let path = format!("{}/public/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        let (boot, failed) = (read("boot.js"), read("boot-failed.js"));
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        assert!(
            boot.contains(&format!("/^({})\\b/i", codes.join("|"))),
            "boot.js lists {codes:?}"
        );
        for code in codes.into_iter().filter(|&c| c != "en") {
            let entry = failed.split(&format!("\n    {code}: [")).nth(1);
            let entry = entry.unwrap_or_else(|| panic!("boot-failed.js has no {code}"));
            assert!(
                entry.split("],").next().unwrap().contains(" ({0})"),
                "boot-failed.js: {code}'s message has \" ({{0}})\" for the reason"
            );
        }
    }
}
