//! The analysis chart: every colour's chance to win after every move, as
//! one SVG line per colour that grows while the worker's answers arrive,
//! a vertical line at the move shown, and the moves that changed the
//! chances most (and the deciding one) as marks that jump there. A line
//! under it says which move decided the game.
//!
//! DOM contract (for tests): `figure[data-chart]` with `data-points` (the
//! points received so far; plies + 1 when complete) and `data-total`;
//! one `polyline[data-colour]` per colour in play with `data-values`
//! (each chance with 3 decimals, in ply order); marks `[data-mark=K]`
//! (K the ply); `p[data-decided]` (its value the deciding ply, if known).

use super::chart_data::*;
use crate::i18n::Words;
use crate::providers::analysis::Analysis;
use crate::providers::context;

use barricade_rules::Colour;
use leptos::prelude::*;

const VIEW_BOX: &str = "-8 -8 616 216";

/// The chart as Leptos views (the end screen's and the replay viewer's):
/// each colour's line and each mark keyed by
/// what it is (a colour, a ply), their shapes following the data as it
/// arrives; `ply`: the move shown; a click (or Enter or Space) on a mark
/// calls `on_mark` with its ply.
#[component]
pub fn Chart(#[prop(into)] ply: Signal<usize>, on_mark: Callback<usize>) -> impl IntoView {
    let analysis = context::<Analysis>();
    let w = context::<Words>();
    let analysis = analysis.chances;
    // What the chart draws; its marks' names and caption are words: a
    // new language writes them again.
    let d = Memo::new(move |_| analysis.with(|a| chart_data(w, a)));
    let line = move |c: Colour| {
        d.with(|d| {
            d.lines
                .iter()
                .find(|l| l.colour == c)
                .map(|l| (l.points.clone(), l.values.clone()))
                .unwrap_or_default()
        })
    };
    let mark = move |ply: usize| d.with(|d| d.marks.iter().find(|m| m.ply == ply).cloned());
    let colours = move || d.with(|d| d.lines.iter().map(|l| l.colour).collect::<Vec<_>>());
    let plies = move || d.with(|d| d.marks.iter().map(|m| m.ply).collect::<Vec<_>>());
    let now = move || d.with(|d| now_x(d, ply.get()));
    view! {
        <figure
            class="chart"
            data-chart=""
            data-points=move || d.with(|d| d.points)
            data-total=move || d.with(|d| d.total)
            aria-busy=move || d.with(|d| (d.points < d.total).to_string())
        >
            <svg class="chart-plot" viewBox=VIEW_BOX role="group" aria-label=move || w.chart_label()>
                <line class="even" x1="0" x2=WIDTH y1=HEIGHT / 2 y2=HEIGHT / 2 />
                <For each=colours key=|c| *c let:c>
                    <polyline
                        class=format!("chance {}", c.name())
                        data-colour=c.name()
                        data-values=move || line(c).1
                        points=move || line(c).0
                    />
                </For>
                <line class="now" x1=now x2=now y1="0" y2=HEIGHT />
                <For each=plies key=|p| *p let:p>
                    {
                        let m = move || mark(p).unwrap_or(Mark {
                            ply: p,
                            x: 0,
                            y: 0,
                            colour: Colour::Red,
                            decider: false,
                            label: String::new(),
                        });
                        view! {
                            <g
                                class=move || {
                                    let m = m();
                                    format!(
                                        "swing {}{}",
                                        m.colour.name(),
                                        if m.decider { " decider" } else { "" },
                                    )
                                }
                                role="button"
                                tabindex="0"
                                data-mark=p
                                aria-label=move || m().label
                                on:click=move |_| on_mark.run(p)
                                on:keydown=move |e| {
                                    if matches!(e.key().as_str(), "Enter" | " ") {
                                        e.prevent_default();
                                        on_mark.run(p);
                                    }
                                }
                            >
                                <title>{move || m().label}</title>
                                <circle class="hit" cx=move || m().x cy=move || m().y r="18" />
                                <circle cx=move || m().x cy=move || m().y r="8" />
                            </g>
                        }
                    }
                </For>
            </svg>
            <p
                class="decided"
                data-decided=move || d.with(|d| d.decider.map(|p| p.to_string()).unwrap_or_default())
            >
                {move || d.with(|d| d.caption.clone())}
            </p>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::analysis::GameAnalysis;
    use barricade_ai::analysis::Analysis;
    use barricade_rules::Colour;
    use barricade_rules::{Game, GameRecord, Rules, Seats, policy};

    fn finished_game(seats: Seats, seed: u64) -> GameRecord {
        let mut game = Game::new(Rules::default(), seats, seed);
        while game.position().winner().is_none() {
            game.roll_if_due();
            game.play(policy::greedy(game.position()).unwrap()).unwrap();
        }
        game.record()
    }

    #[test]
    fn the_chart_grows_to_one_point_per_ply_for_every_colour() {
        let seats = Seats::new(&[Colour::Red, Colour::Green, Colour::Blue]).unwrap();
        let record = finished_game(seats, 4);
        let chances = Analysis::new(&record).unwrap().finish().to_vec();
        let mut a = GameAnalysis::default();
        assert_eq!(chart_data(Words::english(), &a), ChartData::default());
        let generation = a.open(&record).unwrap();
        let plies = record.moves.len();
        let empty = chart_data(Words::english(), &a);
        assert_eq!((empty.points, empty.total), (0, plies + 1));
        assert_eq!(empty.lines.len(), 3);
        assert!(empty.lines.iter().all(|l| l.points.is_empty()));
        assert!(empty.caption.contains(&format!("0 of {}", plies + 1)));
        while let Some((ply, _)) = a.next() {
            a.receive(generation, ply, chances[ply]);
            let d = chart_data(Words::english(), &a);
            assert_eq!(d.points, ply + 1);
            assert!(d.marks.iter().all(|m| m.ply <= ply && m.ply >= 1));
        }
        let d = chart_data(Words::english(), &a);
        assert_eq!(d.points, plies + 1);
        for (l, c) in d
            .lines
            .iter()
            .zip([Colour::Red, Colour::Green, Colour::Blue])
        {
            assert_eq!(l.colour, c);
            let values: Vec<&str> = l.values.split(' ').collect();
            let points: Vec<&str> = l.points.split(' ').collect();
            assert_eq!((values.len(), points.len()), (plies + 1, plies + 1));
            for (ply, (v, p)) in values.iter().zip(&points).enumerate() {
                let want = chances[ply][c.index()];
                let got: f32 = v.parse().unwrap();
                assert!((got - want).abs() <= 0.0005 + 1e-6, "{v} {want}");
                assert_eq!(*p, format!("{},{}", x_of(ply, plies), y_of(want)));
            }
            assert!(points.last().unwrap().starts_with(&format!("{WIDTH},")));
        }
        // The marks: the biggest swings and the decider, on a line.
        let decider = a.decider().unwrap();
        assert_eq!(d.decider, Some(decider.ply));
        assert!(
            d.caption
                .starts_with(&format!("Move {} decided the game", decider.ply))
        );
        assert!(d.marks.len() >= crate::state::analysis::MARKS);
        assert_eq!(d.marks.iter().filter(|m| m.decider).count(), 1);
        for m in &d.marks {
            assert_eq!(m.x, x_of(m.ply, plies));
            assert_eq!(m.y, y_of(chances[m.ply][m.colour.index()]));
            assert!(
                m.label.starts_with(&format!("Move {},", m.ply)),
                "{}",
                m.label
            );
            assert!(a.is_marked(m.ply));
        }
        assert_eq!(now_x(&d, plies), WIDTH.to_string());
    }

    #[test]
    fn helpers_scale_and_format() {
        assert_eq!(
            (x_of(0, 40), x_of(40, 40), x_of(1, 3), x_of(3, 0)),
            (0, WIDTH, 200, 0)
        );
        assert_eq!((y_of(1.0), y_of(0.0), y_of(0.5)), (0, HEIGHT, 100));
        assert_eq!((y_of(2.0), y_of(-1.0), y_of(f32::NAN)), (0, HEIGHT, HEIGHT));
        assert_eq!(thousandths(0.5124), "0.512");
        assert_eq!(thousandths(0.0625), "0.063");
        assert_eq!(thousandths(0.05), "0.050");
        assert_eq!(thousandths(0.001), "0.001");
        assert_eq!(thousandths(1.0), "1.000");
        assert_eq!(thousandths(0.0), "0.000");
        let l = line(
            Colour::Blue,
            &[[0.0, 0.0, 0.0, 0.5], [0.0, 0.0, 0.0, 0.75]],
            2,
        );
        assert_eq!(l.points, "0,100 300,50");
        assert_eq!(l.values, "0.500 0.750");
    }

    #[test]
    fn scaling_and_formatting_stay_in_range() {
        for plies in [1, 2, 7, 150, 999] {
            let xs: Vec<u32> = (0..=plies).map(|p| x_of(p, plies)).collect();
            assert!(xs.windows(2).all(|w| w[0] < w[1] || plies > WIDTH as usize));
            assert_eq!((xs[0], xs[plies]), (0, WIDTH));
            assert_eq!(x_of(plies + 5, plies), WIDTH);
        }
        for i in 0..=1000 {
            let x = i as f32 / 1000.0;
            let t = thousandths(x);
            assert_eq!(t.len(), 5, "{t}");
            assert!((t.parse::<f32>().unwrap() - x).abs() < 0.0006, "{t} {x}");
            assert!(y_of(x) <= HEIGHT);
        }
        assert_eq!(percent(0.425), 43);
    }
}
