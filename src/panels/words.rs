//! "Play in words", for screen readers (and anyone who prefers it): a
//! section of the play panel, folded away until opened, that lists the
//! legal moves as buttons in words ("Red pawn on c5 to g5, sends Blue
//! home"), nearest the goal first, then the squares a taken barricade may
//! go on, and the position as a list. The live region announces what
//! happens. Whether it is open is remembered (`Settings::words`).

use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::platform::browser;
use crate::providers::context;
use crate::providers::game::Game;
use crate::providers::preferences::Preferences;
use crate::state::GameState;
use barricade_rules::Square;
use leptos::html::{Button, Ul};
use leptos::prelude::*;

/// What a button of the list does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// Plays legal move number `i` (`data-move`).
    Move(usize),
    /// Puts the barricade taken on a square (`data-square`).
    Drop(Square),
}

/// The buttons for what the person at this device may do now on the
/// board (`human`: it is their turn), each with its words.
pub fn choices(w: Words, s: &GameState, human: bool) -> Vec<(Pick, String)> {
    if !human || s.walk().is_some() {
        return Vec::new();
    }
    let position = s.position();
    let board = position.board();
    if s.dropping() {
        return s
            .drop_squares()
            .iter()
            .map(|sq| (Pick::Drop(sq), w.square_label(board, sq, true)))
            .collect();
    }
    let mut list = Vec::new();
    if !s.origins().is_empty() {
        // Nearest the goal first (by steps, barricades ignored; any
        // board's distances fit a u8).
        let moves = s.moves();
        for d in 0..=u8::MAX {
            for (i, c) in moves.iter().enumerate() {
                if board.to_goal(c.to()) == d {
                    list.push((Pick::Move(i), w.move_words(position, *c)));
                }
            }
        }
    }
    list
}

/// The section; `die`: the game's die, which gets the focus when the
/// button pressed is gone and nothing is left to choose.
#[component]
pub fn PlayInWords(die: NodeRef<Button>, #[prop(into)] die_ready: Signal<bool>) -> impl IntoView {
    let game = context::<Game>();
    let prefs = context::<Preferences>();
    let w = context::<Words>();
    let human = Memo::new(move |_| game.human_turn());
    // The list changes with a decision or a roll (the revision), with a
    // walk starting or ending, and with the language: keyed by the
    // revision and what the button does.
    // Written only while the words are open: closed, they cost nothing.
    let shown = Memo::new(move |_| prefs.settings.with(|s| s.words));
    let list = Memo::new(move |_| {
        if !shown.get() {
            return (0, Vec::new());
        }
        let human = human.get();
        game.state.with(|s| (s.revision(), choices(w, s, human)))
    });
    let keys = move || list.with(|(r, l)| l.iter().map(|(p, _)| (*r, *p)).collect::<Vec<_>>());
    let label = move |pick: Pick| {
        list.with(|(_, l)| {
            l.iter()
                .find(|(p, _)| *p == pick)
                .map(|(_, w)| w.clone())
                .unwrap_or_default()
        })
    };
    let position = Memo::new(move |_| {
        if !shown.get() {
            return Vec::new();
        }
        game.state.with(|s| w.position_words(s.position()))
    });
    let lines = move || (0..position.with(Vec::len)).collect::<Vec<_>>();
    let line = move |i: usize| position.with(|p| p.get(i).cloned().unwrap_or_default());
    let moves = NodeRef::<Ul>::new();
    let open = prefs.settings.with_untracked(|s| s.words);
    // A move button pressed is gone with its list: focus goes on to the
    // next choice, or the die (only if nothing has the focus).
    Effect::new(move |_| {
        let ready = die_ready.get();
        list.track();
        if !shown.get() {
            return;
        }
        // (`try_`: the panel may be gone by then, its elements with it.)
        browser::focus_later(true, move || {
            let first = moves
                .try_get_untracked()
                .flatten()
                .and_then(|ul| ul.first_element_child())
                .and_then(|li| li.first_element_child());
            let die = die.try_get_untracked().flatten().filter(|_| ready);
            first.or(die.map(Into::into))
        });
    });
    view! {
        <details
            class="words"
            data-words=""
            aria-labelledby="words"
            open=open
            on:toggle=move |e| {
                let open = crate::platform::page::details_open(&e);
                if prefs.settings.with_untracked(|s| s.words) != open {
                    prefs.settings.update(|s| s.words = open);
                }
            }
        >
            <summary id="words">{tr(w, Text::Words)}</summary>
            <div data-word-moves="">
                <h2>{tr(w, Text::Moves)}</h2>
                // (Its heading hides with an empty list: style/main.css.)
                <ul node_ref=moves>
                    <For each=keys key=|k| *k let:((_, pick))>
                        <li>
                            {match pick {
                                Pick::Move(i) => {
                                    view! {
                                        <button data-move=i on:click=move |_| game.play_listed(i)>
                                            {move || label(pick)}
                                        </button>
                                    }
                                        .into_any()
                                }
                                Pick::Drop(square) => {
                                    let name = game
                                        .state
                                        .with_untracked(|s| s.position().board().name(square));
                                    view! {
                                        <button
                                            data-square=name
                                            on:click=move |_| game.click_square(square)
                                        >
                                            {move || label(pick)}
                                        </button>
                                    }
                                        .into_any()
                                }
                            }}
                        </li>
                    </For>
                </ul>
            </div>
            <h2>{tr(w, Text::WordsPosition)}</h2>
            <ul data-word-position="">
                <For each=lines key=|i| *i let:i>
                    <li>{move || line(i)}</li>
                </For>
            </ul>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::SetupChoices;

    #[test]
    fn every_legal_move_is_a_button_nearest_the_goal_first() {
        let mut s = GameState::new(SetupChoices::default(), 7).unwrap();
        assert!(
            choices(Words::english(), &s, true).is_empty(),
            "nothing to choose before the roll"
        );
        s.roll();
        assert!(
            choices(Words::english(), &s, true)[0]
                .1
                .contains("pawn at home to")
        );
        assert!(
            choices(Words::english(), &s, false).is_empty(),
            "not this device's turn"
        );
        assert!(
            Words::english()
                .position_words(s.position())
                .iter()
                .any(|l| l.contains("5 pawns at home"))
        );
        // A long game played by the last button each time: every legal
        // move and every drop square is listed, whatever the position.
        for _ in 0..600 {
            if s.winner().is_some() {
                break;
            }
            if s.dropping() {
                let list = choices(Words::english(), &s, true);
                assert_eq!(list.len(), s.drop_squares().len());
                let Some((Pick::Drop(sq), _)) = list.last() else {
                    panic!("a drop square")
                };
                s.drop_barricade(*sq);
                continue;
            }
            s.roll();
            let list = choices(Words::english(), &s, true);
            assert_eq!(list.len(), s.moves().len());
            match list.last() {
                Some((Pick::Move(i), _)) => {
                    let c = s.moves().iter().nth(*i).copied().unwrap();
                    s.move_to(c);
                }
                _ => {
                    s.pass();
                }
            }
        }
        assert!(s.log().len() > 300, "the game went on");
    }
}
