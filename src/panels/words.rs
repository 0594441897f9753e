//! "Play in words", for screen readers (and anyone who prefers it): a
//! section of the play panel, folded away until opened, that lists the
//! legal moves as buttons in words ("Red pawn on c5 to g5, sends Blue
//! home"), nearest the goal first, then the squares a taken barricade may
//! go on, and the position as a list. The live region announces what
//! happens. Whether it is open is remembered (`Settings::words`).

use super::dom::{self, escape};
use crate::state::GameState;
use crate::text::{Text, move_words, position_words, square_label, t};
use std::fmt::Write;

/// The section's markup, open or folded.
pub fn markup(open: bool) -> String {
    format!(
        concat!(
            r#"<details class="words" data-words="" aria-labelledby="words"{}><summary id="words">{}</summary>"#,
            r#"<div data-word-moves=""><h2>{}</h2><ul></ul></div>"#,
            r#"<h2>{}</h2><ul data-word-position=""></ul></details>"#
        ),
        if open { " open" } else { "" },
        t(Text::Words),
        t(Text::Moves),
        t(Text::WordsPosition)
    )
}

/// The buttons for what the person at this device may do now on the
/// board (`human`: it is their turn): a move (`data-move`, its index in
/// the legal moves) or a drop square (`data-square`, its name).
pub fn buttons(s: &GameState, human: bool) -> String {
    let mut m = String::new();
    if !human || s.walk().is_some() {
        return m;
    }
    let position = s.position();
    let board = position.board();
    if s.dropping() {
        for square in s.drop_squares() {
            let _ = write!(
                m,
                r#"<li><button data-square="{}">{}</button></li>"#,
                board.name(square),
                escape(&square_label(board, square, true))
            );
        }
    } else if !s.origins().is_empty() {
        // Nearest the goal first (by steps, barricades ignored; any
        // board's distances fit a u8).
        let moves = s.moves();
        for d in 0..=u8::MAX {
            for (i, c) in moves.iter().enumerate() {
                if board.to_goal(c.to()) == d {
                    let _ = write!(
                        m,
                        r#"<li><button data-move="{i}">{}</button></li>"#,
                        escape(&move_words(position, *c))
                    );
                }
            }
        }
    }
    m
}

/// The position's lines as list items.
pub fn position(s: &GameState) -> String {
    let mut m = String::new();
    for line in position_words(s.position()) {
        m = m + "<li>" + &escape(&line) + "</li>";
    }
    m
}

/// What the section last showed, to touch only what changed.
#[derive(Default)]
pub struct Words {
    buttons: String,
    position: String,
}

impl Words {
    /// Brings the section under `root` in step with the game.
    pub fn update(&mut self, root: &web_sys::Element, s: &GameState, human: bool) {
        // (Its heading hides with an empty list: style/main.css.)
        dom::html(
            root,
            "[data-word-moves] ul",
            &mut self.buttons,
            buttons(s, human),
        );
        dom::html(
            root,
            "[data-word-position]",
            &mut self.position,
            position(s),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::SetupChoices;

    #[test]
    fn every_legal_move_is_a_button_nearest_the_goal_first() {
        let mut s = GameState::new(SetupChoices::default(), 7).unwrap();
        assert_eq!(buttons(&s, true), "", "nothing to choose before the roll");
        s.roll();
        assert!(buttons(&s, true).contains("pawn at home to"));
        assert_eq!(buttons(&s, false), "", "not this device's turn");
        assert!(position(&s).contains("5 pawns at home"));
        // A long game played by the last button each time: every legal
        // move and every drop square is listed, whatever the position.
        for _ in 0..600 {
            if s.winner().is_some() {
                break;
            }
            if s.dropping() {
                let m = buttons(&s, true);
                assert_eq!(
                    m.matches("<button data-square=").count(),
                    s.drop_squares().len()
                );
                s.drop_barricade(s.drop_squares().iter().last().unwrap());
                continue;
            }
            s.roll();
            let m = buttons(&s, true);
            let n = s.moves().len();
            assert_eq!(m.matches("<button data-move=").count(), n, "{m}");
            let last = m.rsplit("data-move=\"").next().unwrap();
            let i: usize = last.split('"').next().unwrap().parse().unwrap_or(0);
            if let Some(c) = s.moves().iter().nth(i).copied() {
                s.move_to(c);
            } else {
                s.pass();
            }
        }
        assert!(s.log().len() > 300, "the game went on");
    }
}
