//! The page before the app: the board in its start position and a light
//! panel, written into `index.html` at build time by `cargo xtask
//! finish-site` ([`page`], native code: the board's own markup builder),
//! so the page shows the board while the WebAssembly downloads.
//!
//! When the app runs, the board takes the prerendered board's elements
//! over as its handles (`crate::board::shell::adopt`) and the shell goes,
//! in the same task, before the next paint: nothing flashes, nothing moves.
//!
//! The shell's Quick start button is disabled in the markup (without
//! JavaScript it cannot work). `boot.js` enables it when there is no
//! saved game and no link in the address; a click before the app runs
//! marks the shell (`data-quick`) and the button says "Starting…"; the
//! app then starts the game at once (`crate::board::shell::quick_start_asked`).

use crate::board::markup::board_markup;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::state::GameState;
use crate::state::geometry::view_box;
use crate::state::scene::Scene;
use crate::state::setup::SetupChoices;
use barricade_rules::{Board, BoardId};

/// The scene of a first visit: the new-game form's preview of the
/// default choices (every pawn at home, the barricades on their squares).
pub fn first_scene() -> Scene {
    GameState::new(SetupChoices::default(), 0)
        .map(|s| Scene::of(&s))
        .unwrap_or_else(|_| Scene::start(BoardId::Classic))
}

/// The content of `<main class="layout" data-shell>`: the board as the
/// app draws it on a first visit, and the top of the new-game panel.
pub fn page(words: Words) -> String {
    format!(
        concat!(
            r#"<section class="board-area"><svg class="board classic" viewBox="{}" role="group" aria-label="{}">{}</svg></section>"#,
            r#"<aside class="panel"><div class="setup"><h1 class="title">{}</h1><p class="tagline">{}</p>"#,
            r#"<button type="button" class="primary wide" data-shell-quick="" disabled="">{}</button>"#,
            r#"<p id="boot" class="muted" role="status">{}</p>"#,
            r#"<noscript><p class="notice">{}</p></noscript></div></aside>"#
        ),
        view_box(Board::classic()),
        words.t(Text::BoardLabel),
        board_markup(words, &first_scene()),
        words.t(Text::Title),
        words.t(Text::Tagline),
        words.t(Text::QuickStart),
        words.t(Text::Loading),
        words.t(Text::NeedsScript),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::scene::Place;

    #[test]
    fn the_first_scene_is_the_start_position() {
        let scene = first_scene();
        let start = Scene::start(BoardId::Classic);
        assert_eq!(scene.pawns.len(), 20);
        assert!(
            scene
                .pawns
                .iter()
                .all(|p| matches!(p.place, Place::Home(_)) && !p.selectable)
        );
        assert_eq!(scene.barricades, start.barricades);
        assert!(scene.legal.is_empty() && scene.targets.is_empty());
    }

    #[test]
    fn the_page_has_the_board_and_the_panel() {
        let page = page(Words::english());
        assert_eq!(page.matches("data-square=").count(), 112);
        assert_eq!(page.matches("data-pawn=").count(), 20);
        assert_eq!(page.matches("data-barricade=").count(), 11);
        assert!(page.contains(r#"<p id="boot""#));
        assert!(page.contains(r#"data-shell-quick="" disabled="""#));
        assert!(!page.contains("<script"));
    }
}
