//! The "How to play" page, written at build time by `cargo xtask
//! finish-site` in every language ([`file_name`]; natively: of this
//! module only [`link`] reaches the app's WebAssembly). The rules are
//! told in our own words, from `src/prerender/guide/CODE.txt`, and its pictures are
//! drawn from positions the rules crate plays: every move a picture shows
//! is one of the position's legal moves (tested). The app links to it
//! with the rule set being played ([`link`]), which `public/guide.js`
//! shows first.

use crate::i18n::{Language, Words};
use crate::prerender::escape;
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
}

/// The pictures of the page, by the section they belong to (a section of
/// the page or a rule set); each has its caption as `picture_ID` in the
/// texts.
fn pictures() -> [(&'static str, Picture); 6] {
    let at = |text: &str| {
        text.parse::<Position>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let picture = |position: &str, area, shown, mark_all| Picture {
        position: at(position),
        area,
        shown,
        mark_all,
    };
    let lower = (0, 7, 8, 13);
    [
        (
            "move",
            picture("seats=red,blue roll=4 red=c5", lower, "c5-g5", true),
        ),
        (
            "pass",
            picture(
                "seats=red,blue roll=4 red=c5 blue=e5",
                lower,
                "c5-g5",
                false,
            ),
        ),
        (
            "barricade",
            picture("seats=red,blue roll=4 red=c1", lower, "c1-e3 x c5", false),
        ),
        (
            "capture",
            picture(
                "seats=red,blue roll=4 red=c5 blue=g5",
                lower,
                "c5-g5",
                false,
            ),
        ),
        (
            "goal",
            picture(
                "seats=red,blue roll=3 red=g13 barricades=i11,i10,i9,g7,k7,a3,e3,i3,m3,q3,c11",
                (4, 0, 12, 4),
                "g13-i14",
                false,
            ),
        ),
        (
            "bottom_row",
            picture(
                "rules=barricade seats=red,blue roll=4 red=c1",
                (2, 9, 14, 13),
                "c1-e3 x o1",
                false,
            ),
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

    /// The picture as SVG, named by `caption`.
    fn svg(&self, caption: &str) -> String {
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
            caption
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

/// The sections of the page, by id: a section's heading is the text of
/// that key and its paragraphs `ID_1`, `ID_2`, …; its picture follows the
/// first paragraph.
const SECTIONS: [&str; 7] = [
    "aim",
    "move",
    "pass",
    "barricade",
    "capture",
    "goal",
    "quick_board",
];

/// The texts of one language's page: `src/prerender/guide/CODE.txt`, one `key =
/// text` a line, with the keys of `en.txt` in its order.
pub struct Texts<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Texts<'a> {
    /// Reads a guide file; `None` when a line is not `key = text`.
    pub fn parse(file: &'a str) -> Option<Texts<'a>> {
        file.lines()
            .map(|line| line.split_once(" = "))
            .collect::<Option<Vec<_>>>()
            .map(Texts)
    }

    /// The text of `key`, or "" when the file has none.
    fn get(&self, key: &str) -> &'a str {
        self.0
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, text)| text)
    }

    /// The paragraphs `ID_1`, `ID_2`, … of section `id`.
    fn paragraphs(&self, id: &str) -> impl Iterator<Item = &'a str> + '_ {
        let prefix = format!("{id}_");
        self.0
            .iter()
            .filter(move |(k, _)| {
                k.strip_prefix(&prefix)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            })
            .map(|(_, text)| *text)
    }
}

/// The file name of the page in `language`: `how-to-play.html` in
/// English, `how-to-play-CODE.html` in the others.
///
/// ```
/// use barricade_web::{i18n::Language, prerender::guide::file_name};
/// assert_eq!(file_name(Language::En), "how-to-play.html");
/// assert_eq!(file_name(Language::De), "how-to-play-de.html");
/// ```
pub fn file_name(language: Language) -> String {
    match language {
        Language::En => "how-to-play.html".into(),
        other => format!("how-to-play-{}.html", other.code()),
    }
}

/// The link to the page in `language` that puts the rule set `preset`
/// (a name of [`Rules::PRESETS`], or "custom" for none) first.
pub fn link(language: Language, preset: &str) -> String {
    format!("{}#play-{preset}", file_name(language))
}

/// A section with its heading, paragraphs and picture.
fn section(m: &mut String, texts: &Texts, pictures: &[(&str, Picture)], id: &str, level: u8) {
    let _ = write!(
        m,
        r#"<section id="{}"><h{level}>{}</h{level}>"#,
        id.replace('_', "-"),
        texts.get(id)
    );
    for (i, p) in texts.paragraphs(id).enumerate() {
        let _ = write!(m, "<p>{}</p>", escape(p));
        if i == 0
            && let Some((pid, picture)) = pictures.iter().find(|(pid, _)| *pid == id)
        {
            let caption = escape(texts.get(&format!("picture_{pid}")));
            let _ = write!(
                m,
                "<figure>{}<figcaption>{caption}</figcaption></figure>",
                picture.svg(&caption)
            );
        }
    }
    m.push_str("</section>");
}

/// The whole page in `language` from its `texts` (the rule sets' names
/// come from the app's `words` of that language); `head` is what its head
/// links besides (the style sheets, the icon and `guide.js`, as `cargo
/// xtask finish-site` finds them).
pub fn page(language: Language, words: Words, texts: &Texts, head: &str) -> String {
    let pictures = pictures();
    let title = escape(texts.get("title"));
    let back = escape(texts.get("back"));
    let mut m = format!(
        concat!(
            r#"<!doctype html><html lang="{lang}"><head><meta charset="utf-8"/>"#,
            r#"<meta name="viewport" content="width=device-width, initial-scale=1"/>"#,
            r#"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'"/>"#,
            r#"<title>{title}</title>{head}</head><body><main class="guide"><header class="guide-head"><h1>{title}</h1>"#,
            r#"<p><a href="./">{back}</a></p></header><nav aria-label="{contents}"><ul>"#
        ),
        lang = language.code(),
        title = title,
        head = head,
        back = back,
        contents = escape(texts.get("contents")),
    );
    for id in SECTIONS.iter().chain(&["rule_sets"]) {
        let _ = write!(
            m,
            r##"<li><a href="#{}">{}</a></li>"##,
            id.replace('_', "-"),
            escape(texts.get(id))
        );
    }
    // guide.js moves the rule set being played (the link's `#play-NAME`)
    // here.
    let _ = write!(
        m,
        r#"</ul></nav><section id="chosen" aria-labelledby="chosen-title" hidden><h2 id="chosen-title">{}</h2></section>"#,
        escape(texts.get("chosen"))
    );
    for id in SECTIONS {
        section(&mut m, texts, &pictures, id, 2);
    }
    let _ = write!(
        m,
        r#"<section id="rule-sets"><h2>{}</h2><p>{}</p>"#,
        escape(texts.get("rule_sets")),
        escape(texts.get("rule_sets_1"))
    );
    for preset in Rules::PRESETS {
        let key = format!("details_{}", preset.replace('-', "_"));
        let _ = write!(
            m,
            r#"<section id="{preset}" class="rule-set"><h3>{}</h3><p>{}</p><p>{}</p>"#,
            escape(words.preset_name(preset)),
            escape(words.preset_summary(preset)),
            escape(texts.get(&key))
        );
        if preset == "barricade"
            && let Some((_, picture)) = pictures.iter().find(|(id, _)| *id == "bottom_row")
        {
            let caption = escape(texts.get("picture_bottom_row"));
            let _ = write!(
                m,
                "<figure>{}<figcaption>{caption}</figcaption></figure>",
                picture.svg(&caption)
            );
        }
        m.push_str("</section>");
    }
    let _ = write!(
        m,
        r#"</section><p><a href="./">{back}</a></p></main></body></html>"#
    );
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every language's guide file.
    fn files() -> Vec<(Language, String)> {
        Language::ALL
            .iter()
            .map(|&l| {
                let path = format!(
                    "{}/src/prerender/guide/{}.txt",
                    env!("CARGO_MANIFEST_DIR"),
                    l.code()
                );
                let file = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                (l, file)
            })
            .collect()
    }

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
            let svg = picture.svg("caption");
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
        assert!(b.svg("").contains(r#"class="bar placed""#));
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
        // The rule sheet's barricade goes on blue's entry square, which
        // only the rule sheet allows.
        let bottom = find("bottom_row");
        assert_eq!(bottom.mv().unwrap().to_string(), "c1-e3 x o1");
        assert!(bottom.candidate().is_some());
        let ravensburger = at_rules(&bottom.position, "ravensburger");
        let c = ravensburger
            .legal_moves()
            .find(
                bottom.candidate().unwrap().from(),
                bottom.candidate().unwrap().to(),
            )
            .unwrap();
        let o1 = barricade_rules::Board::classic().square("o1").unwrap();
        assert!(!ravensburger.legal_moves().drop_squares(&c).contains(o1));
    }

    /// `position` under the rule set `preset`.
    fn at_rules(position: &Position, preset: &str) -> Position {
        let text = position
            .to_string()
            .replace("rules=barricade", &format!("rules={preset}"));
        text.parse().unwrap()
    }

    #[test]
    fn every_guide_file_has_the_keys_of_english_in_order() {
        let english = include_str!("guide/en.txt");
        let keys = |file: &str| -> Vec<String> {
            Texts::parse(file)
                .expect("every line is `key = text`")
                .0
                .iter()
                .map(|(k, _)| k.to_string())
                .collect()
        };
        for (language, file) in files() {
            assert_eq!(keys(&file), keys(english), "{}", language.code());
            assert!(!file.contains(['{', '}']), "{}", language.code());
            assert!(
                Texts::parse(&file)
                    .unwrap()
                    .0
                    .iter()
                    .all(|(_, t)| !t.trim().is_empty())
            );
        }
    }

    #[test]
    fn the_page_has_every_section_and_rule_set_in_every_language() {
        for (language, file) in files() {
            let texts = Texts::parse(&file).unwrap();
            let page = page(
                language,
                Words::english(),
                &texts,
                r#"<link rel="stylesheet" href="guide.css"/>"#,
            );
            let code = language.code();
            assert!(page.contains(&format!(r#"<html lang="{code}">"#)), "{code}");
            for id in SECTIONS {
                let id = id.replace('_', "-");
                assert!(
                    page.contains(&format!(r#"<section id="{id}">"#)),
                    "{code} {id}"
                );
                assert!(page.contains(&format!(r##"href="#{id}""##)), "{code} {id}");
            }
            for preset in Rules::PRESETS {
                assert!(
                    page.contains(&format!(r#"<section id="{preset}""#)),
                    "{code} {preset}"
                );
            }
            assert_eq!(page.matches("<figure>").count(), 6, "{code}");
            assert!(
                !page.contains("<p></p>") && !page.contains("<h2></h2>"),
                "{code}"
            );
            assert!(page.contains(r#"<link rel="stylesheet" href="guide.css"/>"#));
        }
    }
}
