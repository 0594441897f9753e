//! The side panel while playing: whose turn, what to do, the die, the
//! actions, the end screen, the move log, the speed picker and the live
//! region for screen readers, as Leptos views.
//!
//! Each part reads a memo of what it shows, so a change touches only the
//! parts whose words or marks change: a step of a walking pawn changes
//! none of them (the status line names the move while the pawn walks).

use super::chart::Chart;
use super::die::Die;
use super::share::ShareBox;
use super::speed::SpeedPicker;
use super::tr;
use super::words::PlayInWords;
use crate::i18n::Words;
use crate::intents::Intents;
use crate::online::Online;
use crate::providers::analysis::Analysis;
use crate::providers::context;
use crate::providers::game::Game;
use crate::providers::replays::Replays;
use crate::providers::screens::Screens;

use crate::i18n::text::{Prompt, Text};
use crate::intents::action::Action;
use crate::platform::browser;
use crate::prerender::guide;
use crate::state::log::{Stats, stats};
use crate::state::save;
use crate::state::{GameState, News};
use barricade_rules::{Colour, Phase};
use leptos::html::Button;
use leptos::prelude::*;

/// What the player to move should do now.
fn current_prompt(s: &GameState) -> Option<Prompt> {
    if s.winner().is_some() || s.link_goes_to().is_some() {
        None
    } else if s.walk().is_some() {
        Some(Prompt::Walking)
    } else if s.turn_kind().is_computer() {
        Some(Prompt::Thinking)
    } else if s.dropping() {
        Some(Prompt::Drop)
    } else if s.choosing_again() {
        Some(Prompt::Again)
    } else if s.stuck() {
        Some(Prompt::Stuck)
    } else if s.phase() == Phase::Roll {
        Some(Prompt::Roll)
    } else if s.destinations().iter().any(|c| c.is_bounce()) {
        Some(Prompt::Bounce)
    } else if s.selected().is_some() && s.can_pass() {
        Some(Prompt::ChooseSquareOrPass)
    } else if s.selected().is_some() {
        Some(Prompt::ChooseSquare)
    } else if s.can_pass() {
        Some(Prompt::ChoosePawnOrPass)
    } else {
        Some(Prompt::ChoosePawn)
    }
}

/// What the live region says after the game's last change: the news, and
/// after a decision whose turn it is; the opening rolls of a new game;
/// the winner.
fn announcement(w: Words, s: &GameState) -> String {
    let over = s.winner().is_some();
    let mut live = match s.news() {
        Some(n @ News::Played(_)) if !over => {
            format!(
                "{}. {}",
                w.news(s.position().board(), n),
                w.whose_turn(s.turn())
            )
        }
        Some(n) => w.news(s.position().board(), n),
        None if s.log().is_empty() => s.game().opening().map(|o| w.opening(o)).unwrap_or_default(),
        None => String::new(),
    };
    if let Some(winner) = s.winner() {
        live = format!("{live}. {}", w.wins(winner));
    }
    live
}

/// The game's panel (shown while `Screens::screen` is `Play`).
#[component]
pub fn GamePanel() -> impl IntoView {
    let game = context::<Game>();
    let online = context::<Online>();
    let intents = context::<Intents>();
    let w = context::<Words>();
    let state = game.state;
    let over = Memo::new(move |_| state.with(|s| s.winner().is_some()));
    let turn = Memo::new(move |_| state.with(GameState::turn));
    let kind = Memo::new(move |_| state.with(GameState::turn_kind));
    let human = Memo::new(move |_| game.human_turn());
    let status = Memo::new(move |_| {
        // While a pawn walks, the line names whose pawn it is.
        // In a room, while the colour to move is played elsewhere (or
        // the page reconnects), the line says so instead.
        state.with(|s| {
            let who = s.walk().map_or(s.turn(), |w| w.colour);
            let p = current_prompt(s)?;
            let elsewhere = (p != Prompt::Walking)
                .then(|| online.turn_words(s.turn()))
                .flatten();
            Some(elsewhere.unwrap_or_else(|| w.prompt(who, p)))
        })
    });
    let value = Memo::new(move |_| {
        state.with(|s| {
            s.position()
                .roll()
                .or_else(|| s.log().last().and_then(|e| e.roll))
        })
    });
    let can_roll = Memo::new(move |_| {
        human.get() && state.with(|s| s.phase() == Phase::Roll && s.walk().is_none())
    });
    // Each button of the row: shown (or enabled) while its memo says so.
    let shown = |f: fn(&GameState, bool) -> bool| {
        Memo::new(move |_| {
            let human = human.get();
            state.with(|s| f(s, human))
        })
    };
    let pass = shown(|s, human| human && s.can_pass());
    let again = shown(|s, human| human && s.choosing_again());
    let cancel = shown(|s, _| s.selected().is_some() || s.pending().is_some());
    let hint = shown(|s, human| human && s.hint_question().is_some() && s.hint().is_none());
    let undo = shown(|s, _| s.can_undo());
    let redo = shown(|s, _| s.can_redo());
    let choosing_again = shown(|s, _| s.choosing_again());
    let opening_text = Memo::new(move |_| state.with(|s| s.game().opening().map(|o| w.opening(o))));
    let first_round =
        Memo::new(move |_| state.with(|s| s.log().len() < s.position().seats().len()));
    let live = Memo::new(move |_| state.with(|s| announcement(w, s)));
    // Resume is offered while a game is put aside (it is put aside or
    // taken back only as another game is shown: a new revision).
    let resume = Memo::new(move |_| {
        game.revision.track();
        browser::load(save::PREVIOUS_KEY).is_some()
    });
    let preset =
        Memo::new(move |_| state.with(|s| s.position().rules().preset_name().unwrap_or("custom")));
    let run = move |action: Action| move |_| intents.run(action);
    let die = NodeRef::<Button>::new();
    let log_open = browser::wide();
    view! {
        <div class="play">
            <header class="panel-head">
                <h1 class="title small">{tr(w, Text::Title)}</h1>
                <button class="quiet" data-action=Action::NewGame.name() on:click=run(Action::NewGame)>
                    {tr(w, Text::NewGameButton)}
                </button>
            </header>
            <Notice />
            <div
                class=move || format!("turn {}", turn.get().name())
                data-turn-marker=""
                hidden=move || over.get()
            >
                <span class="swatch" aria-hidden="true"></span>
                <span class="turn-name">{move || w.whose_turn(turn.get())}</span>
                <span class="turn-kind">{move || w.seat_kind(kind.get())}</span>
            </div>
            <div class="controls" hidden=move || over.get()>
                <Die value ready=can_roll tumbling=game.tumbling button=die />
                <p class="status">{move || status.get().unwrap_or_default()}</p>
            </div>
            <PlayInWords die die_ready=can_roll />
            <section class="opening" data-opening="" hidden=move || {
                opening_text.with(Option::is_none) || !first_round.get() || over.get()
            }>
                <h2>{tr(w, Text::Opening)}</h2>
                <p>{move || opening_text.get().unwrap_or_default()}</p>
            </section>
            <EndScreen over />
            <div class="actions">
                <button data-action=Action::Pass.name() hidden=move || !pass.get() on:click=run(Action::Pass)>
                    // After a french 6, passing ends the turn: the button says so.
                    {move || {
                        w.t(if choosing_again.get() { Text::EndTurn } else { Text::Pass })
                    }}
                </button>
                <button
                    class="primary"
                    data-action=Action::Again.name()
                    hidden=move || !again.get()
                    on:click=run(Action::Again)
                >
                    {tr(w, Text::Again)}
                </button>
                <button data-action=Action::Cancel.name() hidden=move || !cancel.get() on:click=run(Action::Cancel)>
                    {tr(w, Text::Cancel)}
                </button>
                <button data-action=Action::Hint.name() hidden=move || !hint.get() on:click=run(Action::Hint)>
                    {tr(w, Text::Hint)}
                </button>
                <button data-action=Action::Undo.name() disabled=move || !undo.get() on:click=run(Action::Undo)>
                    {tr(w, Text::Undo)}
                </button>
                <button data-action=Action::Redo.name() disabled=move || !redo.get() on:click=run(Action::Redo)>
                    {tr(w, Text::Redo)}
                </button>
                <button data-action=Action::Share.name() on:click=run(Action::Share)>
                    {tr(w, Text::Share)}
                </button>
                <button data-action=Action::Resume.name() hidden=move || !resume.get() on:click=run(Action::Resume)>
                    {tr(w, Text::Resume)}
                </button>
            </div>
            // By link, once this device has played, the link goes on to the
            // next player; otherwise Share shows the replay link.
            <ShareBox />
            <MoveLog open=log_open />
            <SpeedPicker />
            <p>
                <a
                    href=move || {
                        guide::link(w.language(), preset.get())
                    }
                    data-guide=""
                >
                    {tr(w, Text::HowToPlay)}
                </a>
            </p>
            <p class="sr-only" role="status" data-live="">{live}</p>
        </div>
    }
}

/// A message for the player (a damaged save, a link that could not be
/// opened, a game put aside).
#[component]
fn Notice() -> impl IntoView {
    let screens = context::<Screens>();
    view! {
        <p class="notice" role="alert" data-notice="" hidden=move || screens.notice.with(Option::is_none)>
            {move || screens.notice.get().unwrap_or_default()}
        </p>
    }
}

/// The end screen: who won, each player's statistics, the chart of the
/// win chances (a marked move opens the replay there), a rematch.
#[component]
fn EndScreen(over: Memo<bool>) -> impl IntoView {
    let game = context::<Game>();
    let replays = context::<Replays>();
    let analysis = context::<Analysis>();
    let intents = context::<Intents>();
    let w = context::<Words>();
    let state = game.state;
    let title =
        Memo::new(move |_| state.with(|s| s.winner().map(|t| w.wins(t)).unwrap_or_default()));
    // Each player's line, written when the game is over.
    let rows = Memo::new(move |_| {
        if !over.get() {
            return Vec::new();
        }
        game.revision.track();
        state.with_untracked(|s| {
            let winner = s.winner();
            s.position()
                .seats()
                .colours()
                .iter()
                .map(|&c| (c, stats(s.log(), c), winner.is_some_and(|w| w.contains(c))))
                .collect::<Vec<_>>()
        })
    });
    let colours = move || rows.with(|r| r.iter().map(|(c, ..)| *c).collect::<Vec<_>>());
    let row = move |c: Colour| {
        rows.with(|r| {
            r.iter()
                .find(|(x, ..)| *x == c)
                .map(|&(_, st, won)| (st, won))
                .unwrap_or((Stats::default(), false))
        })
    };
    let ply = Signal::derive(move || analysis.chances.with(|a| a.plies()));
    let run = move |action: Action| move |_| intents.run(action);
    view! {
        <section class="end" data-end="" role="status" hidden=move || !over.get()>
            <h2 class="end-title">{title}</h2>
            <table class="stats">
                <thead>
                    <tr>
                        <th scope="col">{tr(w, Text::Player)}</th>
                        <th scope="col">{tr(w, Text::Turns)}</th>
                        <th scope="col">{tr(w, Text::Captures)}</th>
                        <th scope="col">{tr(w, Text::Barricades)}</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=colours key=|c| *c let:c>
                        <tr class=c.name() class:won=move || row(c).1>
                            <th scope="row">
                                <span class="swatch"></span>
                                {move || w.colour_name(c)}
                            </th>
                            <td>{move || row(c).0.turns}</td>
                            <td>{move || row(c).0.captures}</td>
                            <td>{move || row(c).0.barricades}</td>
                        </tr>
                    </For>
                </tbody>
            </table>
            <div data-chart-slot="">
                <Chart ply on_mark=Callback::new(move |p| replays.review(p)) />
            </div>
            <div class="actions">
                <button class="primary" data-action=Action::Rematch.name() on:click=run(Action::Rematch)>
                    {tr(w, Text::Rematch)}
                </button>
                <button class="quiet" data-action=Action::NewGame.name() on:click=run(Action::NewGame)>
                    {tr(w, Text::NewGameButton)}
                </button>
            </div>
        </section>
    }
}

/// The move log, newest first (at most 200 entries), the opening rolls
/// last; `open`: unfolded at first. A row is keyed by its ply: a new
/// decision adds one row, and an undone one takes its row away.
#[component]
fn MoveLog(open: bool) -> impl IntoView {
    let game = context::<Game>();
    let w = context::<Words>();
    let state = game.state;
    // The log's words, written once per revision (not on a selection or
    // a step of a walking pawn).
    let lines = Memo::new(move |_| {
        game.revision.track();
        state.with_untracked(|s| {
            let board = s.position().board();
            s.log()
                .iter()
                .map(|e| (e.colour, w.log_line(board, e.roll, e.mv)))
                .collect::<Vec<_>>()
        })
    });
    let opening_text = Memo::new(move |_| state.with(|s| s.game().opening().map(|o| w.opening(o))));
    let plies = move || lines.with(|l| (1..=l.len()).rev().take(200).collect::<Vec<_>>());
    let empty = move || lines.with(Vec::is_empty) && opening_text.with(Option::is_none);
    let entry = move |ply: usize| {
        let line = Memo::new(move |_| lines.with(|l| l.get(ply - 1).cloned()));
        let colour = move || line.with(|l| l.as_ref().map_or(Colour::Red, |l| l.0));
        view! {
            <li class=move || format!("entry {}", colour().name())>
                <span class="ply">{ply}</span>
                <span class="who" title=move || w.colour_name(colour())></span>
                <span class="what">{move || line.with(|l| l.as_ref().map(|l| l.1.clone()))}</span>
            </li>
        }
    };
    let opening_shown = move || lines.with(|l| l.len() < 200) && opening_text.with(Option::is_some);
    view! {
        <details class="log" open=open>
            <summary>{tr(w, Text::Moves)}</summary>
            <p class="muted" hidden=move || !empty()>{tr(w, Text::NoMoves)}</p>
            <ol
                class="entries"
                reversed
                hidden=empty
                tabindex="0"
                aria-label=tr(w, Text::Moves)
            >
                <For each=plies key=|p| *p children=entry />
                <Show when=opening_shown>
                    <li class="entry opening" data-opening-entry="">
                        <span class="ply"></span>
                        <span class="what">{move || opening_text.get().unwrap_or_default()}</span>
                    </li>
                </Show>
            </ol>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::SetupChoices;

    #[test]
    fn the_prompt_and_the_announcement_follow_the_game() {
        let mut s = GameState::new(SetupChoices::default(), 7).unwrap();
        s.animate = true;
        assert_eq!(current_prompt(&s), Some(Prompt::Roll));
        s.roll();
        assert!(
            announcement(Words::english(), &s).contains("rolled"),
            "{}",
            announcement(Words::english(), &s)
        );
        assert_ne!(current_prompt(&s), Some(Prompt::Roll));
        let mover = s.turn();
        let mv = s.moves().iter().next().copied().unwrap();
        s.move_to(mv);
        // The pawn walks: the line says so until it arrives.
        assert_eq!(current_prompt(&s), Some(Prompt::Walking));
        assert_eq!(s.walk().map(|w| w.colour), Some(mover));
        assert!(
            announcement(Words::english(), &s).contains("moved"),
            "{}",
            announcement(Words::english(), &s)
        );
    }
}
