//! The board drawn as SVG from a [`Scene`]. It knows no rules: it draws
//! what the scene says.

use crate::geometry::{
    BARRICADE_RADIUS, HOME_RADIUS, PAWN_RADIUS, SQUARE_RADIUS, VIEW_BOX, home_outline,
    home_slot_xy, home_xy, square_xy,
};
use crate::scene::{PawnPiece, Place, Scene};
use crate::text::{Text, colour_name, t};
use barricade_rules::{Colour, Square, board};
use leptos::prelude::*;

/// The board, its homes and every piece of `scene`.
#[component]
pub fn Board(scene: Signal<Scene>) -> impl IntoView {
    let homes = move || {
        scene
            .read()
            .homes
            .iter()
            .map(|&c| view! { <Home colour=c /> })
            .collect_view()
    };
    let barricades = move || {
        scene
            .read()
            .barricades
            .iter()
            .map(|&s| view! { <BarricadePiece at=s /> })
            .collect_view()
    };
    let pawns = move || {
        scene
            .read()
            .pawns
            .iter()
            .map(|&p| view! { <Pawn pawn=p /> })
            .collect_view()
    };
    view! {
        <svg class="board" viewBox=VIEW_BOX role="img" aria-label=t(Text::BoardLabel)>
            <defs>
                <radialGradient id="gloss" cx="35%" cy="30%" r="70%">
                    <stop offset="0%" stop-color="#fff" stop-opacity="0.55" />
                    <stop offset="45%" stop-color="#fff" stop-opacity="0" />
                </radialGradient>
                <filter id="lift" x="-50%" y="-50%" width="200%" height="200%">
                    <feDropShadow dx="0.6" dy="0.9" stdDeviation="0.7" flood-opacity="0.45" />
                </filter>
            </defs>
            <rect class="field" x="-8" y="-9" width="176" height="178" rx="6" />
            {homes}
            <Tracks />
            <Squares />
            {barricades}
            {pawns}
        </svg>
    }
}

/// The connecting bars between squares.
#[component]
fn Tracks() -> impl IntoView {
    board::connections()
        .map(|(a, b)| {
            let (x1, y1) = square_xy(a);
            let (x2, y2) = square_xy(b);
            view! { <line class="track" x1=x1 y1=y1 x2=x2 y2=y2 /> }
        })
        .collect_view()
}

/// Every square, with the goal drawn larger and barricade start squares red.
#[component]
fn Squares() -> impl IntoView {
    let starts = board::barricade_start_squares();
    Square::all()
        .map(|s| {
            let (cx, cy) = square_xy(s);
            let name = s.to_string();
            if s == Square::GOAL {
                view! {
                    <g class="goal" data-square=name>
                        <title>{t(Text::Goal)}</title>
                        <circle class="goal-ring" cx=cx cy=cy r=SQUARE_RADIUS * 1.9 />
                        <circle class="goal-eye" cx=cx cy=cy r=SQUARE_RADIUS * 0.9 />
                    </g>
                }
                .into_any()
            } else {
                let class = if starts.contains(&s) {
                    "square start"
                } else {
                    "square"
                };
                view! { <circle class=class data-square=name cx=cx cy=cy r=SQUARE_RADIUS /> }
                    .into_any()
            }
        })
        .collect_view()
}

/// A colour's home: a pentagon below its entry square, joined to it by a
/// dotted line.
#[component]
fn Home(colour: Colour) -> impl IntoView {
    let (ex, ey) = square_xy(colour.entry());
    let (hx, hy) = home_xy(colour);
    view! {
        <g class=format!("home {}", colour.name()) data-home=colour.name()>
            <line class="home-link" x1=ex y1=ey + SQUARE_RADIUS x2=hx y2=hy - HOME_RADIUS />
            <polygon class="home-outline" points=home_outline(colour) />
        </g>
    }
}

/// A barricade piece: a cream disc with a dark rim, lifted above the board.
#[component]
fn BarricadePiece(at: Square) -> impl IntoView {
    let (cx, cy) = square_xy(at);
    view! {
        <g class="barricade" data-barricade="" data-at=at.to_string() filter="url(#lift)">
            <title>{t(Text::Barricade)}</title>
            <circle class="barricade-body" cx=cx cy=cy r=BARRICADE_RADIUS />
            <rect
                class="barricade-bar"
                x=cx - BARRICADE_RADIUS * 0.62
                y=cy - 0.7
                width=BARRICADE_RADIUS * 1.24
                height="1.4"
                rx="0.4"
            />
        </g>
    }
}

/// A pawn: a glossy disc in its colour with the colour's own mark, so that
/// colours can be told apart without seeing colour.
#[component]
fn Pawn(pawn: PawnPiece) -> impl IntoView {
    let (cx, cy, at) = match pawn.place {
        Place::Home(slot) => {
            let (x, y) = home_slot_xy(pawn.colour, slot);
            (x, y, "home".to_string())
        }
        Place::On(s) => {
            let (x, y) = square_xy(s);
            (x, y, s.to_string())
        }
    };
    let colour = pawn.colour;
    view! {
        <g class=format!("pawn {}", colour.name()) data-pawn=colour.name() data-at=at filter="url(#lift)">
            <title>{colour_name(colour)}</title>
            <circle class="pawn-body" cx=cx cy=cy r=PAWN_RADIUS />
            <circle class="pawn-gloss" cx=cx cy=cy r=PAWN_RADIUS fill="url(#gloss)" />
            <PawnMark colour=colour cx=cx cy=cy />
        </g>
    }
}

/// The mark that tells a colour apart without seeing colour: red a dot,
/// green a ring, yellow a bar, blue a cross.
#[component]
fn PawnMark(colour: Colour, cx: f32, cy: f32) -> impl IntoView {
    let r = PAWN_RADIUS;
    match colour {
        Colour::Red => view! { <circle class="mark" cx=cx cy=cy r=r * 0.28 /> }.into_any(),
        Colour::Green => {
            view! { <circle class="mark ring" cx=cx cy=cy r=r * 0.45 fill="none" /> }.into_any()
        }
        Colour::Yellow => view! {
            <rect class="mark" x=cx - r * 0.5 y=cy - r * 0.14 width=r height=r * 0.28 rx="0.2" />
        }
        .into_any(),
        Colour::Blue => {
            let d = r * 0.4;
            view! {
                <path
                    class="mark cross"
                    d=format!("M{} {}L{} {}M{} {}L{} {}", cx - d, cy - d, cx + d, cy + d, cx - d, cy + d, cx + d, cy - d)
                />
            }
            .into_any()
        }
    }
}
