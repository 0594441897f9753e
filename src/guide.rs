//! The "How to play" page, written at build time by `cargo xtask
//! finish-site` into `how-to-play.html` (native code: it is not part of
//! the app's WebAssembly). The rules are told in our own words, and its
//! pictures are drawn from positions the rules crate plays: every move a
//! picture shows is one of the position's legal moves (tested).

use crate::text::{preset_name, preset_summary};
use barricade_rules::{Candidate, Colour, Move, Position, Rules, Square, SquareSet};
use std::fmt::Write;

/// A picture of part of the board: the pieces of `position`, the squares
/// a pawn may reach, and one move along its way.
struct Picture {
    position: Position,
    /// The grid area shown: `(x0, y0, x1, y1)`, inclusive.
    area: (u8, u8, u8, u8),
    /// The move shown, in the board's notation (`c5-g5`, `c1-e3 x c5`).
    shown: &'static str,
    /// Mark every square the moving pawn may reach.
    mark_all: bool,
    /// What the picture shows, for a screen reader and as its caption.
    caption: &'static str,
}

/// The pictures of the page, by section.
fn pictures() -> [(&'static str, Picture); 5] {
    let at = |text: &str| {
        text.parse::<Position>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    [
        (
            "move",
            Picture {
                position: at("seats=red,blue roll=4 red=c5"),
                area: (0, 7, 8, 13),
                shown: "c5-g5",
                mark_all: true,
                caption: "Red rolled a 4. The ringed squares are the ones the pawn on c5 can reach in exactly four steps; the numbers show one way, to g5.",
            },
        ),
        (
            "pass",
            Picture {
                position: at("seats=red,blue roll=4 red=c5 blue=e5"),
                area: (0, 7, 8, 13),
                shown: "c5-g5",
                mark_all: false,
                caption: "Pawns are no obstacle: red's pawn steps over the blue one on e5 and still counts that square.",
            },
        ),
        (
            "barricade",
            Picture {
                position: at("seats=red,blue roll=4 red=c1"),
                area: (0, 7, 8, 13),
                shown: "c1-e3 x c5",
                mark_all: false,
                caption: "With a 4, red's pawn lands exactly on the barricade on e3, takes it, and puts it down again on c5, in another player's way.",
            },
        ),
        (
            "capture",
            Picture {
                position: at("seats=red,blue roll=4 red=c5 blue=g5"),
                area: (0, 7, 8, 13),
                shown: "c5-g5",
                mark_all: false,
                caption: "Red's pawn ends its move on g5, where a blue pawn stands: the blue pawn goes back to its home.",
            },
        ),
        (
            "goal",
            Picture {
                position: at(
                    "seats=red,blue roll=3 red=g13 barricades=i11,i10,i9,g7,k7,a3,e3,i3,m3,q3,c11",
                ),
                area: (4, 0, 12, 4),
                shown: "g13-i14",
                mark_all: false,
                caption: "Red needs exactly 3 to reach the goal from g13: one step more or less and the pawn cannot go there.",
            },
        ),
    ]
}

impl Picture {
    /// The move shown, as the position's legal move with its path.
    fn candidate(&self) -> Option<Candidate> {
        let Move::Step { from, to, drop } = self.mv()? else {
            return None;
        };
        let moves = self.position.legal_moves();
        let c = moves.find(from, to)?;
        match drop {
            Some(d) => moves.drop_squares(&c).contains(d).then_some(c),
            None => (!c.takes_barricade()).then_some(c),
        }
    }

    /// The move shown.
    fn mv(&self) -> Option<Move> {
        self.position.board().parse_move(self.shown).ok()
    }

    /// The picture as SVG.
    fn svg(&self) -> String {
        let pos = &self.position;
        let board = pos.board();
        let (x0, y0, x1, y1) = self.area;
        let xy = |s: Square| {
            let (x, y) = board.xy(s);
            (i32::from(x) * 10, i32::from(y) * 10)
        };
        let mut m = format!(
            r#"<svg class="picture" viewBox="{} {} {} {}" role="img" aria-label="{}">"#,
            i32::from(x0) * 10 - 6,
            i32::from(y0) * 10 - 6,
            i32::from(x1 - x0) * 10 + 12,
            i32::from(y1 - y0) * 10 + 12,
            self.caption
        );
        // Only what is in the area, or just outside it (lines leave it).
        let near = |s: Square| {
            let (x, y) = board.xy(s);
            x + 1 >= x0 && x <= x1 + 1 && y + 1 >= y0 && y <= y1 + 1
        };
        for (a, b) in board.links().filter(|&(a, b)| near(a) || near(b)) {
            let ((ax, ay), (bx, by)) = (xy(a), xy(b));
            let _ = write!(
                m,
                r#"<line class="track" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>"#
            );
        }
        let candidate = self.candidate();
        let reach: SquareSet = if self.mark_all {
            pos.legal_moves().iter().map(|c| c.to()).collect()
        } else {
            SquareSet::EMPTY
        };
        for s in board.squares().filter(|&s| near(s)) {
            let (x, y) = xy(s);
            let class = if s == board.goal() {
                "goal-ring"
            } else {
                "square"
            };
            let _ = write!(m, r#"<circle class="{class}" cx="{x}" cy="{y}" r="3.6"/>"#);
            if reach.contains(s) {
                let _ = write!(m, r#"<circle class="reach" cx="{x}" cy="{y}" r="5"/>"#);
            }
        }
        let drop = match (candidate, self.mv()) {
            (Some(c), Some(Move::Step { drop: Some(d), .. })) => Some((c.to(), d)),
            _ => None,
        };
        for s in pos.barricades().iter() {
            barricade(&mut m, xy(s), "");
        }
        if let Some((from, to)) = drop {
            let ((ax, ay), (bx, by)) = (xy(from), xy(to));
            let _ = write!(
                m,
                r#"<line class="carry" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>"#
            );
            barricade(&mut m, (bx, by), " placed");
        }
        for c in Colour::ALL {
            for s in pos.pawns(c).iter() {
                let (x, y) = xy(s);
                let _ = write!(
                    m,
                    r#"<circle class="piece {}" cx="{x}" cy="{y}" r="3"/>"#,
                    c.name()
                );
            }
        }
        if let Some(c) = candidate {
            let mut points = vec![];
            if let Some(from) = c.from().square() {
                points.push(xy(from));
            }
            points.extend(c.path().iter().map(xy));
            let line: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let _ = write!(m, r#"<polyline class="way" points="{}"/>"#, line.join(" "));
            for (i, s) in c.path().iter().enumerate() {
                let (x, y) = xy(s);
                let _ = write!(
                    m,
                    r#"<text class="step" x="{x}" y="{}">{}</text>"#,
                    y - 5,
                    i + 1
                );
            }
        }
        m.push_str("</svg>");
        m
    }
}

/// A barricade piece at `(x, y)`; `extra` adds a class.
fn barricade(m: &mut String, (x, y): (i32, i32), extra: &str) {
    let _ = write!(
        m,
        r#"<g class="bar{extra}"><circle cx="{x}" cy="{y}" r="3.3"/><rect x="{}" y="{}" width="4" height="1.4" rx="0.4"/></g>"#,
        x - 2,
        f64::from(y) - 0.7
    );
}

/// One section: its id, heading and paragraphs (already HTML), with the
/// picture of the same id after the first paragraph.
const SECTIONS: [(&str, &str, &[&str]); 7] = [
    (
        "aim",
        "The aim",
        &[
            "Each player has a home of pawns at the bottom of the board: five pawns on the classic board, four on the quick one. The first player to bring one pawn onto the goal at the top wins the game. Playing in teams, the whole team wins with that pawn.",
            "Barricades stand on the paths. Nobody may pass them, but a pawn that lands on one takes it and puts it somewhere else: in the way of the others.",
        ],
    ),
    (
        "move",
        "Your turn",
        &[
            "Roll the die, then move one of your pawns exactly that many squares along the lines: up, down, left or right, changing direction as often as you like, but never onto a square twice in the same move. A pawn leaving home counts its colour's entry square as the first step.",
            "If you can move, you must. When no pawn of yours can go the full count, your turn is over.",
        ],
    ),
    (
        "pass",
        "Passing other pawns",
        &[
            "Any pawn, yours or another player's, may be passed over: it counts as a step like an empty square. You may not end your move on a square where one of your own pawns, or a teammate's, already stands.",
        ],
    ),
    (
        "barricade",
        "Barricades",
        &[
            "A barricade stops every pawn: you can only get past one by landing on it with the exact count. Then you take it and put it down at once on any free square, except on the bottom row and on the goal.",
        ],
    ),
    (
        "capture",
        "Sending pawns home",
        &[
            "Land exactly on another player's pawn and it goes back to its home, to start again from there.",
        ],
    ),
    (
        "goal",
        "The goal",
        &[
            "The goal can only be reached with the exact count, as the last step of a move. The first pawn on it wins.",
        ],
    ),
    (
        "quick-board",
        "The quick board",
        &[
            "The quick board is smaller and the way to the goal shorter: four pawns each and six barricades.",
            "The blue squares are resting places: a pawn there is safe from capture, only one pawn fits on one, and no barricade may be put on it.",
            "The upper part of the board, in the big yellow oval, is the village. A pawn captured in the village does not go home: it goes to the forest, the small yellow oval in the middle, where any number of pawns may wait. From the forest a pawn starts again as it would from home, its first step being the resting place just above the forest.",
        ],
    ),
];

/// What each rule set does, beyond the summary line the new-game form
/// shows.
fn rule_set_details(preset: &str) -> &'static str {
    match preset {
        "ravensburger" => {
            "The first player in the seating order starts. A 6 is just a 6. A taken barricade never goes on the bottom row."
        }
        "start-roll" => {
            "Before the game everyone rolls once; if several share the highest roll, only they roll again. The winner moves with that roll, and play goes on in seating order."
        }
        "barricade" => {
            "Instead of moving you may always pass. A taken barricade may be put on the bottom row as well, even on an entry square: then that colour's pawns can only leave home by landing on it with a 1."
        }
        "french" => {
            "Everyone rolls to set the order of play, highest first; the first player then rolls again to begin. After moving with a 6 you may roll again, but only with the same pawn. A barricade you take stays on your pawn until your next turn, when you put it down before rolling (if your pawn is captured first, the capturer puts it down). A pawn just below the goal that overshoots bounces back when no other pawn can move. Barricades never go on the bottom row."
        }
        _ => "",
    }
}

/// The whole page; `head` is what its head links besides (the style
/// sheets and the icon, as `cargo xtask finish-site` finds them).
pub fn page(head: &str) -> String {
    let pictures = pictures();
    let mut m = String::from(concat!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"/>"#,
        r#"<meta name="viewport" content="width=device-width, initial-scale=1"/>"#,
        r#"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'"/>"#,
        r#"<title>How to play Barricade</title>"#
    ));
    m.push_str(head);
    m.push_str(concat!(
        r#"</head><body><main class="guide"><header class="guide-head"><h1>How to play Barricade</h1>"#,
        r#"<p><a href="./">Back to the game</a></p></header><nav aria-label="Contents"><ul>"#
    ));
    for (id, title, _) in SECTIONS {
        let _ = write!(m, r##"<li><a href="#{id}">{title}</a></li>"##);
    }
    m.push_str(r##"<li><a href="#rule-sets">The rule sets</a></li></ul></nav>"##);
    for (id, title, paragraphs) in SECTIONS {
        let _ = write!(m, r#"<section id="{id}"><h2>{title}</h2>"#);
        for (i, p) in paragraphs.iter().enumerate() {
            let _ = write!(m, "<p>{p}</p>");
            if i == 0
                && let Some((_, picture)) = pictures.iter().find(|(pid, _)| *pid == id)
            {
                let _ = write!(
                    m,
                    "<figure>{}<figcaption>{}</figcaption></figure>",
                    picture.svg(),
                    picture.caption
                );
            }
        }
        m.push_str("</section>");
    }
    m.push_str(concat!(
        r#"<section id="rule-sets"><h2>The rule sets</h2>"#,
        r#"<p>The printed editions differ in a few rules. Choose one in the new-game form; everything above holds in all of them unless said here.</p>"#
    ));
    for preset in Rules::PRESETS {
        let _ = write!(
            m,
            r#"<section id="{preset}" class="rule-set"><h3>{}</h3><p>{}</p><p>{}</p></section>"#,
            preset_name(preset),
            preset_summary(preset),
            rule_set_details(preset)
        );
    }
    m.push_str(r#"</section><p><a href="./">Back to the game</a></p></main></body></html>"#);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_shows_a_legal_move_of_its_position() {
        for (id, picture) in pictures() {
            let c = picture
                .candidate()
                .unwrap_or_else(|| panic!("{id}: {} is not legal", picture.shown));
            assert_eq!(
                c.path().len(),
                usize::from(picture.position.roll().unwrap().get())
            );
            let svg = picture.svg();
            assert!(svg.contains(r#"class="way""#), "{id}");
            assert_eq!(
                svg.matches(r#"class="step""#).count(),
                c.path().len(),
                "{id}"
            );
        }
    }

    #[test]
    fn the_pictures_show_what_their_captions_say() {
        let p = pictures();
        let find = |id: &str| &p.iter().find(|(i, _)| *i == id).unwrap().1;
        // The barricade is taken on e3 and put on c5.
        let b = find("barricade");
        assert!(b.candidate().unwrap().takes_barricade());
        assert!(b.svg().contains(r#"class="bar placed""#));
        // The capture ends on the blue pawn.
        let c = find("capture");
        let to = c.candidate().unwrap().to();
        assert_eq!(c.position.pawn_at(to), Some(Colour::Blue));
        // The pass goes over the blue pawn.
        let pass = find("pass");
        let e5 = barricade_rules::Board::classic().square("e5").unwrap();
        assert!(pass.candidate().unwrap().path().iter().any(|s| s == e5));
        // The goal is reached with the exact roll.
        let g = find("goal");
        assert_eq!(g.candidate().unwrap().to(), Square::GOAL);
    }

    #[test]
    fn the_page_has_every_section_and_rule_set() {
        let page = page(r#"<link rel="stylesheet" href="guide.css"/>"#);
        for (id, _, _) in SECTIONS {
            assert!(page.contains(&format!(r#"<section id="{id}">"#)), "{id}");
        }
        for preset in Rules::PRESETS {
            assert!(
                page.contains(&format!(r#"<section id="{preset}""#)),
                "{preset}"
            );
            assert!(!rule_set_details(preset).is_empty());
        }
        assert_eq!(page.matches("<figure>").count(), 5);
        assert!(page.contains(r#"<link rel="stylesheet" href="guide.css"/>"#));
    }
}
