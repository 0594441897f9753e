//! The languages, their message tables and the filling in of messages.
//!
//! Every language is one file, `public/lang/CODE.txt`: a line `key = text`
//! per [`Text`], in the order of [`Text`] (docs/translating.md). The page
//! downloads only the language in use and installs it with [`install`];
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
use std::cell::{Cell, RefCell};

/// The texts of one language, in the order of [`Text`].
type Table = &'static [&'static str];

thread_local! {
    static ACTIVE: Cell<Language> = const { Cell::new(Language::En) };
    static TABLES: RefCell<Vec<(Language, Table)>> = RefCell::new(built_in());
}

/// English, built in natively (tests and the pages written at build time);
/// the page downloads it like any other language.
#[cfg(not(target_family = "wasm"))]
fn built_in() -> Vec<(Language, Table)> {
    let table = parse(include_str!("../../public/lang/en.txt")).unwrap_or_default();
    vec![(Language::En, Vec::leak(table))]
}

#[cfg(target_family = "wasm")]
fn built_in() -> Vec<(Language, Table)> {
    Vec::new()
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

/// Makes `file` the table of `language` and the language in use; false
/// (and nothing changed) if the file is not a language file. A language
/// is kept for the rest of the visit once installed.
pub fn install(language: Language, file: String) -> bool {
    let file: &'static str = String::leak(file);
    let Some(table) = parse(file) else {
        return false;
    };
    TABLES.with_borrow_mut(|t| t.push((language, Vec::leak(table))));
    ACTIVE.set(language);
    true
}

/// Makes `language` the one in use if it is installed.
pub fn activate(language: Language) -> bool {
    let known = TABLES.with_borrow(|t| t.iter().any(|(l, _)| *l == language));
    if known {
        ACTIVE.set(language);
    }
    known
}

/// The language in use.
pub fn active() -> Language {
    ACTIVE.get()
}

/// The text of `text` in the language in use ("" before one is loaded).
pub fn lookup(text: Text) -> &'static str {
    let language = ACTIVE.get();
    TABLES.with_borrow(|tables| {
        tables
            .iter()
            .rev()
            .find(|(l, _)| *l == language)
            .and_then(|(_, table)| table.get(text as usize).copied())
            .unwrap_or_default()
    })
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

/// The text of `text` with `args` filled in.
///
/// ```
/// use barricade_rules::Colour;
/// use barricade_web::i18n::{fill, Arg};
/// use barricade_web::i18n::Text;
/// let line = fill(Text::NewsRolled, &[Arg::Colour(Colour::Red), Arg::Num(4)]);
/// assert_eq!(line, "Red rolled 4");
/// ```
pub fn fill(text: Text, args: &[Arg]) -> String {
    fill_in(lookup(text), args)
}

/// `template` with `args` filled in (see the module's documentation).
pub fn fill_in(template: &str, args: &[Arg]) -> String {
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
        value(spec, args, &mut out);
        rest = next;
    }
    out.push_str(rest);
    out
}

/// Writes one `{…}` of a message: `spec` is what the braces hold.
fn value(spec: &str, args: &[Arg], out: &mut String) {
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
        let pick = ACTIVE.get().plural(n).min(forms.len() - 1);
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
        Arg::Colour(c) => out.push_str(colour_form(c, form)),
        Arg::Team(team) => {
            let mut colours = team.iter();
            match (colours.next(), colours.next()) {
                (Some(a), Some(b)) => out.push_str(&fill_in(
                    lookup(Text::Team),
                    &[
                        Arg::Str(colour_form(a, form)),
                        Arg::Str(colour_form(b, form)),
                    ],
                )),
                (Some(a), None) => out.push_str(colour_form(a, form)),
                _ => {}
            }
        }
    }
}

/// Form `form` of a colour's name (form 0 if the language has no such).
pub fn colour_form(colour: Colour, form: usize) -> &'static str {
    let line = lookup(match colour {
        Colour::Red => Text::Red,
        Colour::Green => Text::Green,
        Colour::Yellow => Text::Yellow,
        Colour::Blue => Text::Blue,
    });
    let mut forms = line.split('|');
    let first = forms.clone().next().unwrap_or_default();
    forms.nth(form).unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_rules::ColourSet;

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
        assert!(!install(Language::De, "title = Malefiz\n".into()));
        assert_eq!(active(), Language::En);
        assert!(!activate(Language::De));
        assert_eq!(lookup(Text::Title), "Barricade");
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
