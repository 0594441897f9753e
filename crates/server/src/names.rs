//! The names people type, as every page shows them: NFC, without control,
//! bidi or zero-width characters, trimmed, at most [`NAME_MAX`]
//! characters, with at least one visible character (else no name: the
//! seat shows its colour). The server sends only names made so, so every
//! page shows the same.

use unicode_normalization::UnicodeNormalization;

/// The longest name shown on a seat, in characters.
pub const NAME_MAX: usize = 24;

/// Characters that show nothing or turn the text around: bidi embeddings,
/// overrides, isolates and marks, zero-width spaces and joiners, the
/// word joiner and invisible operators, the byte order mark, the soft
/// hyphen, Hangul fillers, variation selectors, interlinear annotation
/// and tag characters.
fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// A name as shown: NFC, control and hidden characters removed, runs of
/// white space made one space, trimmed, at most [`NAME_MAX`] characters;
/// empty when no visible character is left.
///
/// ```
/// use barricade_server::names::clean_name;
/// assert_eq!(clean_name("  Ann\u{7}  "), "Ann");
/// assert_eq!(clean_name("\u{202e}evil.exe"), "evil.exe");
/// assert_eq!(clean_name("Jose\u{301}"), "Jos\u{e9}");
/// assert_eq!(clean_name("\u{200b}\u{2060} \u{feff}"), "");
/// ```
pub fn clean_name(name: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in name.nfc() {
        if c.is_control() || is_hidden(c) {
            continue;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    let short: String = out.chars().take(NAME_MAX).collect();
    short.trim_end().to_string()
}

/// The name as shown, or why it is refused: a name typed with nothing
/// visible in it (an invisible name). An empty name is no name.
///
/// ```
/// use barricade_server::names::check_name;
/// assert_eq!(check_name("Bob").unwrap(), "Bob");
/// assert_eq!(check_name("").unwrap(), "");
/// assert!(check_name("\u{200b}\u{200b}").is_err());
/// ```
pub fn check_name(name: &str) -> Result<String, NameError> {
    let clean = clean_name(name);
    if clean.is_empty() && !name.trim().is_empty() {
        return Err(NameError);
    }
    Ok(clean)
}

/// A name with no visible character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a name needs at least one visible character")]
pub struct NameError;
