//! The board drawn as SVG from a [`Scene`]. It knows no rules: it draws
//! what the scene says and reports clicks on pawns and squares.

use crate::geometry::{
    BARRICADE_RADIUS, HOME_RADIUS, PAWN_RADIUS, SQUARE_RADIUS, VIEW_BOX, home_outline, home_xy,
    square_xy,
};
use crate::scene::{Place, Scene};
use crate::text::{Text, pawn_label, square_label, t};
use barricade_rules::{Colour, Square, SquareSet, board};
use leptos::ev::KeyboardEvent;
use leptos::prelude::*;

/// Is this key press an "act" (Enter or Space)?
fn is_activation(e: &KeyboardEvent) -> bool {
    matches!(e.key().as_str(), "Enter" | " " | "Spacebar")
}

/// The marks of the squares: legal destinations, drop squares, targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Marks {
    legal: SquareSet,
    drops: SquareSet,
    targets: SquareSet,
}

/// The board, its homes and every piece of `scene`. `on_square` and
/// `on_pawn` receive clicks (and Enter/Space on a focused piece).
#[component]
pub fn Board(
    scene: Memo<Scene>,
    on_square: Callback<Square>,
    on_pawn: Callback<(Colour, usize)>,
) -> impl IntoView {
    let marks = Memo::new(move |_| {
        scene.with(|s| Marks {
            legal: s.legal,
            drops: s.drops,
            targets: s.targets,
        })
    });
    let homes = Memo::new(move |_| scene.with(|s| s.homes.clone()));
    let turn = Memo::new(move |_| scene.with(|s| s.turn));
    let hovered = RwSignal::new(None::<Square>);
    let dropping = move || marks.with(|m| !m.drops.is_empty());
    let home_views = move || {
        homes
            .get()
            .into_iter()
            .map(|c| view! { <Home colour=c turn=turn /> })
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
        homes
            .get()
            .into_iter()
            .flat_map(|colour| {
                (0..5).map(move |number| view! { <Pawn colour number scene on_pawn /> })
            })
            .collect_view()
    };
    let route = move || {
        let h = hovered.get()?;
        scene.with(|s| {
            let r = s.routes.iter().find(|r| r.to == h)?;
            let points: Vec<String> = r.points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            Some(view! { <polyline class="route" points=points.join(" ") /> })
        })
    };
    let ghost = move || {
        let h = hovered.get()?;
        marks.with(|m| m.drops.contains(h)).then(|| {
            let (cx, cy) = square_xy(h);
            view! { <circle class="ghost" cx=cx cy=cy r=BARRICADE_RADIUS /> }
        })
    };
    view! {
        <svg
            class="board"
            class:dropping=dropping
            viewBox=VIEW_BOX
            role="group"
            aria-label=t(Text::BoardLabel)
        >
            <defs>
                <radialGradient id="gloss" cx="35%" cy="30%" r="70%">
                    <stop offset="0%" stop-color="#fff" stop-opacity="0.55" />
                    <stop offset="45%" stop-color="#fff" stop-opacity="0" />
                </radialGradient>
                <radialGradient id="paper" cx="50%" cy="40%" r="75%">
                    <stop offset="0%" stop-color="#f3cf6b" />
                    <stop offset="100%" stop-color="#dfaa38" />
                </radialGradient>
                <filter id="lift" x="-50%" y="-50%" width="200%" height="200%">
                    <feDropShadow dx="0.6" dy="0.9" stdDeviation="0.7" flood-opacity="0.45" />
                </filter>
            </defs>
            <rect class="field" x="-8" y="-9" width="176" height="178" rx="6" />
            {home_views}
            <Tracks />
            <Squares marks on_square hovered />
            {barricades}
            {route}
            {ghost}
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

/// Every square, with the goal drawn larger and barricade start squares
/// red; legal and drop squares are marked, focusable and clickable.
#[component]
fn Squares(
    marks: Memo<Marks>,
    on_square: Callback<Square>,
    hovered: RwSignal<Option<Square>>,
) -> impl IntoView {
    let starts = board::barricade_start_squares();
    Square::all()
        .map(|s| {
            let (cx, cy) = square_xy(s);
            let legal = move || marks.with(|m| m.legal.contains(s));
            let drop = move || marks.with(|m| m.drops.contains(s));
            let target = move || marks.with(|m| m.targets.contains(s));
            let active = move || legal() || drop();
            let shape = if s == Square::GOAL {
                view! {
                    <title>{t(Text::Goal)}</title>
                    <circle class="goal-ring" cx=cx cy=cy r=SQUARE_RADIUS * 1.9 />
                    <circle class="goal-eye" cx=cx cy=cy r=SQUARE_RADIUS * 0.9 />
                }
                .into_any()
            } else {
                let class = if starts.contains(&s) {
                    "square start"
                } else {
                    "square"
                };
                view! { <circle class=class cx=cx cy=cy r=SQUARE_RADIUS /> }.into_any()
            };
            view! {
                <g
                    class=if s == Square::GOAL { "cell goal" } else { "cell" }
                    data-square=s.to_string()
                    data-legal=move || legal().then_some("")
                    data-drop=move || drop().then_some("")
                    data-target=move || target().then_some("")
                    tabindex=move || active().then_some("0")
                    role=move || active().then_some("button")
                    aria-label=move || active().then(|| square_label(s, drop()))
                    on:click=move |_| on_square.run(s)
                    on:keydown=move |e| {
                        if is_activation(&e) {
                            e.prevent_default();
                            on_square.run(s);
                        }
                    }
                    on:mouseenter=move |_| hovered.set(Some(s))
                    on:mouseleave=move |_| hovered.set(None)
                    on:focus=move |_| hovered.set(Some(s))
                    on:blur=move |_| hovered.set(None)
                >
                    <circle class="hit" cx=cx cy=cy r="4.9" />
                    {shape}
                    <circle class="halo" cx=cx cy=cy r=SQUARE_RADIUS + 1.2 />
                </g>
            }
        })
        .collect_view()
}

/// A colour's home: a pentagon below its entry square, joined to it by a
/// dotted line; it glows while the colour is to play.
#[component]
fn Home(colour: Colour, turn: Memo<Option<Colour>>) -> impl IntoView {
    let (ex, ey) = square_xy(colour.entry());
    let (hx, hy) = home_xy(colour);
    view! {
        <g
            class=format!("home {}", colour.name())
            class:turn=move || turn.get() == Some(colour)
            data-home=colour.name()
        >
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
/// colours can be told apart without seeing colour. It slides (CSS) from
/// place to place.
#[component]
fn Pawn(
    colour: Colour,
    number: usize,
    scene: Memo<Scene>,
    on_pawn: Callback<(Colour, usize)>,
) -> impl IntoView {
    let piece = Memo::new(move |_| {
        scene.with(|s| {
            s.pawns
                .iter()
                .find(|p| p.colour == colour && p.number == number)
                .copied()
        })
    });
    let place = move || piece.get().map_or(Place::Home(number), |p| p.place);
    let style = move || {
        let (x, y) = place().xy(colour);
        format!("transform:translate({x}px,{y}px)")
    };
    let at = move || match place() {
        Place::Home(_) => "home".to_string(),
        Place::On(s) => s.to_string(),
    };
    let selectable = move || piece.get().is_some_and(|p| p.selectable);
    let selected = move || piece.get().is_some_and(|p| p.selected);
    let label = move || {
        pawn_label(
            colour,
            match place() {
                Place::On(s) => Some(s),
                Place::Home(_) => None,
            },
        )
    };
    view! {
        <g
            class=format!("pawn {}", colour.name())
            data-pawn=colour.name()
            data-at=at
            data-selectable=move || selectable().then_some("")
            data-selected=move || selected().then_some("")
            tabindex=move || selectable().then_some("0")
            role=move || selectable().then_some("button")
            aria-pressed=move || selectable().then(|| selected().to_string())
            aria-label=label
            style=style
            on:click=move |_| on_pawn.run((colour, number))
            on:keydown=move |e| {
                if is_activation(&e) {
                    e.prevent_default();
                    on_pawn.run((colour, number));
                    crate::browser::focus_first("[data-legal],[data-drop]");
                }
            }
        >
            <g filter="url(#lift)">
                <circle class="pawn-ring" r=PAWN_RADIUS + 1.1 />
                <circle class="pawn-body" r=PAWN_RADIUS />
                <circle class="pawn-gloss" r=PAWN_RADIUS fill="url(#gloss)" />
                <PawnMark colour=colour />
            </g>
        </g>
    }
}

/// The mark that tells a colour apart without seeing colour: red a dot,
/// green a ring, yellow a bar, blue a cross.
#[component]
fn PawnMark(colour: Colour) -> impl IntoView {
    let r = PAWN_RADIUS;
    match colour {
        Colour::Red => view! { <circle class="mark" r=r * 0.28 /> }.into_any(),
        Colour::Green => view! { <circle class="mark ring" r=r * 0.45 fill="none" /> }.into_any(),
        Colour::Yellow => view! {
            <rect class="mark" x=-r * 0.5 y=-r * 0.14 width=r height=r * 0.28 rx="0.2" />
        }
        .into_any(),
        Colour::Blue => {
            let d = r * 0.4;
            view! { <path class="mark cross" d=format!("M{} {}L{} {}M{} {}L{} {}", -d, -d, d, d, -d, d, d, -d) /> }
                .into_any()
        }
    }
}
