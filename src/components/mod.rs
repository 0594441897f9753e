//! Leptos components. Each one draws part of the page from plain data.

mod board;

pub use board::Board;

use crate::scene::Scene;
use crate::text::{Text, t};
use leptos::prelude::*;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let scene = RwSignal::new(Scene::start());
    view! {
        <main class="layout" data-game="">
            <section class="board-area">
                <Board scene=scene.into() />
            </section>
            <aside class="panel">
                <h1 class="title">{t(Text::Title)}</h1>
                <p class="tagline">{t(Text::Tagline)}</p>
            </aside>
        </main>
    }
}
