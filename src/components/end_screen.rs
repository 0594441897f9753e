//! The end screen: the winner, each player's statistics, rematch and new
//! game.

use super::{Ctx, Screen};
use crate::state::log::stats;
use crate::text::{Text, colour_name, t, wins};
use leptos::prelude::*;

/// Shown once the game is over.
#[component]
pub fn EndScreen() -> impl IntoView {
    let ctx = Ctx::get();
    let headline = move || ctx.state.with(|s| s.winner().map(wins).unwrap_or_default());
    let rows = move || {
        ctx.state.with(|s| {
            let winner = s.winner();
            s.position()
                .seats()
                .colours()
                .iter()
                .map(|&c| {
                    let st = stats(s.log(), c);
                    let won = winner.is_some_and(|w| w.contains(c));
                    view! {
                        <tr class=format!("{}{}", c.name(), if won { " won" } else { "" })>
                            <th scope="row"><span class="swatch"></span>{colour_name(c)}</th>
                            <td>{st.turns}</td>
                            <td>{st.captures}</td>
                            <td>{st.barricades}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let rematch = move |_| {
        let choices = ctx.state.with_untracked(|s| *s.choices());
        ctx.start(barricade_choices_without_seed(choices));
    };
    view! {
        <section class="end" data-end="" role="status">
            <h2 class="end-title">{headline}</h2>
            <table class="stats">
                <thead>
                    <tr>
                        <th scope="col">{t(Text::Player)}</th>
                        <th scope="col">{t(Text::Turns)}</th>
                        <th scope="col">{t(Text::Captures)}</th>
                        <th scope="col">{t(Text::Barricades)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <div class="actions">
                <button class="primary" data-action="rematch" on:click=rematch>
                    {t(Text::Rematch)}
                </button>
                <button data-action="new-game" on:click=move |_| ctx.screen.set(Screen::Setup)>
                    {t(Text::NewGameButton)}
                </button>
            </div>
        </section>
    }
}

/// The same choices with a fresh seed.
fn barricade_choices_without_seed(
    choices: crate::state::setup::SetupChoices,
) -> crate::state::setup::SetupChoices {
    crate::state::setup::SetupChoices {
        seed: None,
        ..choices
    }
}
