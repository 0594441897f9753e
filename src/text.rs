//! Every user-visible string, in one table, so that the app can be
//! translated by adding a column. Components never hard-code text.

use barricade_rules::Colour;

/// A piece of user-visible text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// The game's name.
    Title,
    /// One line under the title.
    Tagline,
    /// Accessible name of the board drawing.
    BoardLabel,
    /// Accessible name of the goal.
    Goal,
    /// Accessible name of a barricade piece.
    Barricade,
    /// Shown while the app has not started (no JavaScript or WebAssembly).
    NeedsScript,
}

/// The English text for `text`.
///
/// ```
/// use barricade_web::text::{t, Text};
/// assert_eq!(t(Text::Title), "Barricade");
/// ```
pub fn t(text: Text) -> &'static str {
    match text {
        Text::Title => "Barricade",
        Text::Tagline => {
            "Race your five pawns to the top. Move the barricades to block the others."
        }
        Text::BoardLabel => "The Barricade board",
        Text::Goal => "The goal",
        Text::Barricade => "Barricade",
        Text::NeedsScript => "Barricade needs JavaScript and WebAssembly to run.",
    }
}

/// The English name of a colour, capitalised for sentences.
///
/// ```
/// use barricade_rules::Colour;
/// assert_eq!(barricade_web::text::colour_name(Colour::Red), "Red");
/// ```
pub fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "Red",
        Colour::Green => "Green",
        Colour::Yellow => "Yellow",
        Colour::Blue => "Blue",
    }
}
