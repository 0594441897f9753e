//! The messages between the page and the AI web worker, as plain text so
//! that neither side needs a serialisation library.
//!
//! A request is four lines: an id, the level (`easy`, `medium`, `hard`),
//! the seed for the bot's randomness, and the position in the rules
//! crate's notation. The reply is the id and either the decision in move
//! notation or `error: ...`.
//!
//! The worker also draws QR codes: the request is the id, `qr` and the
//! text; the reply is the id, the code's size and its SVG path (see
//! [`crate::worker::qr`]).
//!
//! And it analyses games one position at a time: the request is the id,
//! `chances` and the position; the reply is the id and every colour's
//! chance to win there ([`barricade_ai::analysis::Analyst`]) as four
//! whole numbers of millionths, in colour order (red, green, yellow,
//! blue), so that neither side formats or parses floats.
//!
//! And it reviews games one ply at a time: the request is the id,
//! `review`, the ply's roll (`-` for none), the decision played and the
//! position before the roll ([`barricade_ai::review::Turn`]); the reply is
//! the id, the best decision found, then the chances after the decision
//! played and after the best one and whether it was forced (`0`/`1`),
//! then the roller's chance after each of the six faces (or `-`), all in
//! millionths ([`review_request`], [`review`]).
//!
//! ```
//! use barricade_ai::Level;
//! use barricade_rules::Position;
//! use barricade_web::worker::protocol::{answer, decision, parse_reply, request};
//! let pos: Position = "roll=6".parse().unwrap();
//! let reply = answer(&request(3, &pos, Level::Medium, 1));
//! let (id, body) = parse_reply(&reply).unwrap();
//! assert_eq!(id, 3);
//! assert!(pos.check(decision(body).unwrap()).is_ok());
//! ```

use barricade_ai::Level;
use barricade_ai::analysis::Analyst;
use barricade_ai::eval::Scores;
use barricade_ai::review::{Luck, PlyReview, Reviewer, Turn};
use barricade_rules::{Move, Position, Roll};

/// The first message of a worker that is ready for requests.
pub const READY: &str = "ready";

/// The text of a request for the decision of `level` in `position`.
pub fn request(id: u64, position: &Position, level: Level, seed: u64) -> String {
    format!("{id}\n{level}\n{seed}\n{position}")
}

/// The text of a request for the QR code of `text`.
pub fn qr_request(id: u64, text: &str) -> String {
    format!("{id}\nqr\n{text}")
}

/// The text of a request for every colour's chance to win in `position`.
///
/// ```
/// use barricade_rules::Position;
/// use barricade_web::worker::protocol::{answer, chances, chances_request, parse_reply};
/// let pos: Position = "seats=red,blue red=a12".parse().unwrap();
/// let (id, body) = parse_reply(&answer(&chances_request(7, &pos))).unwrap();
/// assert_eq!(id, 7);
/// let c = chances(body).unwrap();
/// assert!(c[0] > 0.5 && c[1] == 0.0 && c[2] == 0.0 && c[0] > c[3]);
/// ```
pub fn chances_request(id: u64, position: &Position) -> String {
    format!("{id}\nchances\n{position}")
}

/// The text of a request for the review of `turn`.
pub fn review_request(id: u64, turn: &Turn) -> String {
    let roll = turn.roll.map_or("-".to_string(), |r| r.get().to_string());
    format!("{id}\nreview\n{roll}\n{}\n{}", turn.played, turn.before)
}

/// The worker's review of the ply in `text` (a [`review_request`] after
/// its `review` line).
fn review_reply(text: &str) -> Result<String, String> {
    let mut lines = text.splitn(3, '\n');
    let roll = match lines.next().ok_or("no roll")? {
        "-" => None,
        r => Some(
            r.parse()
                .ok()
                .and_then(Roll::new)
                .ok_or("the roll is not 1..6")?,
        ),
    };
    let played: Move = lines
        .next()
        .ok_or("no move")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let before: Position = lines
        .next()
        .ok_or("no position")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let turn = Turn::new(0, before, roll, played).ok_or("the move is not legal there")?;
    let p = Reviewer::new().review(&turn);
    let faces = p.luck.map_or("-".to_string(), |l| {
        l.faces.map(|f| f.to_string()).join(" ")
    });
    let (played, best, forced) = (p.played_chance, p.best_chance, u8::from(p.forced));
    Ok(format!("{}\n{played} {best} {forced}\n{faces}", p.best))
}

/// The review of `turn` in the body of a reply to [`review_request`].
///
/// ```
/// use barricade_ai::review::turns;
/// use barricade_rules::{Game, Rules, Seats};
/// use barricade_web::worker::protocol::{answer, parse_reply, review, review_request};
/// let mut game = Game::new(Rules::default(), Seats::default(), 3);
/// game.roll_if_due();
/// game.play(game.position().legal_moves().expanded().next().unwrap()).unwrap();
/// let turn = turns(&game.record()).unwrap()[0];
/// let (id, body) = parse_reply(&answer(&review_request(8, &turn))).unwrap();
/// let ply = review(body, &turn).unwrap();
/// assert_eq!((id, ply.ply, ply.played), (8, 1, turn.played));
/// assert!(ply.best_chance >= ply.played_chance && ply.luck.is_some());
/// ```
pub fn review(body: Result<String, String>, turn: &Turn) -> Result<PlyReview, String> {
    let body = body?;
    let bad = || "the review is not a move and chances".to_string();
    let mut lines = body.split('\n');
    let best: Move = lines.next().and_then(|l| l.parse().ok()).ok_or_else(bad)?;
    let numbers = |line: Option<&str>| -> Option<Vec<u32>> {
        line?
            .split(' ')
            .map(|n| n.parse().ok().filter(|&n| n <= 1_000_000))
            .collect()
    };
    let Some(&[played_chance, best_chance, forced]) = numbers(lines.next()).as_deref() else {
        return Err(bad());
    };
    let luck = match (lines.next(), turn.roll) {
        (Some("-"), _) => None,
        (faces, Some(roll)) => {
            let faces: [u32; 6] = numbers(faces)
                .and_then(|f| f.try_into().ok())
                .ok_or_else(bad)?;
            Some(Luck { roll, faces })
        }
        _ => return Err(bad()),
    };
    if lines.next().is_some() || forced > 1 || best_chance < played_chance {
        return Err(bad());
    }
    Ok(PlyReview {
        ply: turn.ply,
        decider: turn.decider(),
        played: turn.played,
        best,
        forced: forced == 1,
        played_chance,
        best_chance,
        luck,
    })
}

/// Millionths, the unit of chances in replies.
const MILLION: f32 = 1_000_000.0;

/// The chances of a reply to [`chances_request`].
pub fn chances(body: Result<String, String>) -> Result<Scores, String> {
    let body = body?;
    let mut out = [0.0; 4];
    let mut parts = body.split(' ');
    for slot in &mut out {
        let n: u32 = parts
            .next()
            .and_then(|p| p.parse().ok())
            .filter(|&n| n <= 1_000_000)
            .ok_or("the chances are not four numbers")?;
        *slot = n as f32 / MILLION;
    }
    match parts.next() {
        None => Ok(out),
        Some(_) => Err("the chances are not four numbers".into()),
    }
}

/// The body of a reply with `scores`: four millionths.
fn chances_body(scores: &Scores) -> String {
    let m = |x: f32| (x.clamp(0.0, 1.0) * MILLION + 0.5) as u32;
    format!(
        "{} {} {} {}",
        m(scores[0]),
        m(scores[1]),
        m(scores[2]),
        m(scores[3])
    )
}

/// The worker's side: the reply to a request text. Never panics: a bad
/// request gets an `error:` reply (with id 0 when even the id is unreadable).
pub fn answer(request: &str) -> String {
    let mut lines = request.splitn(4, '\n');
    let id: u64 = match lines.next().and_then(|l| l.parse().ok()) {
        Some(id) => id,
        None => return "0\nerror: the request has no id".into(),
    };
    if let Some(text) = request.split_once("\nqr\n").map(|(_, t)| t) {
        return match crate::worker::qr::svg_path(text) {
            Some((size, path)) => format!("{id}\n{size} {path}"),
            None => format!("{id}\nerror: the link is too long for a QR code"),
        };
    }
    if let Some(text) = request.split_once("\nreview\n").map(|(_, t)| t) {
        return match review_reply(text) {
            Ok(body) => format!("{id}\n{body}"),
            Err(e) => format!("{id}\nerror: {e}"),
        };
    }
    if let Some(text) = request.split_once("\nchances\n").map(|(_, t)| t) {
        return match text.parse::<Position>() {
            Ok(position) => format!("{id}\n{}", chances_body(&Analyst::new().chances(&position))),
            Err(e) => format!("{id}\nerror: {e}"),
        };
    }
    let mut decide = || -> Result<Move, String> {
        let level: Level = lines
            .next()
            .ok_or("no level")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        let seed: u64 = lines
            .next()
            .ok_or("no seed")?
            .parse()
            .map_err(|_| "the seed is not a number")?;
        let position: Position = lines
            .next()
            .ok_or("no position")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        barricade_ai::choose(&position, level, seed).ok_or_else(|| "nothing to decide".into())
    };
    match decide() {
        Ok(mv) => format!("{id}\n{mv}"),
        Err(e) => format!("{id}\nerror: {e}"),
    }
}

/// The page's side: the id of a reply and its body, or the worker's
/// error. `None` when the text is no reply at all.
pub fn parse_reply(reply: &str) -> Option<(u64, Result<String, String>)> {
    let (id, body) = reply.split_once('\n')?;
    let id = id.parse().ok()?;
    let body = match body.strip_prefix("error: ") {
        Some(e) => Err(e.to_string()),
        None => Ok(body.to_string()),
    };
    Some((id, body))
}

/// The decision in the body of a reply to [`request`].
pub fn decision(body: Result<String, String>) -> Result<Move, String> {
    body?.parse::<Move>().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_requests_get_errors_not_panics() {
        assert_eq!(answer(""), "0\nerror: the request has no id");
        assert_eq!(answer("5"), "5\nerror: no level");
        assert!(answer("5\nsuper\n1\nroll=3").starts_with("5\nerror: "));
        assert!(answer("5\nhard\nx\nroll=3").starts_with("5\nerror: the seed"));
        assert!(answer("5\nhard\n1\nnonsense=1").starts_with("5\nerror: "));
        assert_eq!(
            answer("5\nhard\n1\nroll=0").split_once('\n').unwrap().0,
            "5"
        );
    }

    #[test]
    fn every_level_answers_legally() {
        let pos: Position = "roll=4".parse().unwrap();
        for level in Level::ALL {
            let (id, body) = parse_reply(&answer(&request(9, &pos, level, 2))).unwrap();
            assert_eq!(id, 9);
            assert!(pos.check(decision(body).unwrap()).is_ok());
        }
    }

    #[test]
    fn replies_round_trip() {
        assert_eq!(parse_reply("1\nerror: no"), Some((1, Err("no".into()))));
        assert!(parse_reply("garbage").is_none());
        assert!(matches!(parse_reply("2\nhome-c1"), Some((2, Ok(_)))));
        assert!(decision(Ok("home-c1".into())).is_ok());
        assert!(decision(Ok("nonsense".into())).is_err());
    }

    #[test]
    fn the_worker_gives_the_chances_of_every_position_of_a_game() {
        use barricade_ai::analysis::{Analyst, positions};
        use barricade_rules::{Game, Rules, Seats, policy};
        // Every position of a finished game, through the notation and
        // back, has the analyst's chances to the millionth.
        let mut game = Game::new(Rules::preset("french").unwrap(), Seats::default(), 11);
        while game.position().winner().is_none() && game.history().len() < 60 {
            game.roll_if_due();
            game.play(policy::greedy(game.position()).unwrap()).unwrap();
        }
        let analyst = Analyst::new();
        for (ply, pos) in positions(&game.record()).unwrap().iter().enumerate() {
            let (id, body) = parse_reply(&answer(&chances_request(ply as u64, pos))).unwrap();
            assert_eq!(id, ply as u64);
            let got = chances(body).unwrap();
            let want = analyst.chances(pos);
            for c in 0..4 {
                assert!(
                    (got[c] - want[c]).abs() <= 1e-6,
                    "ply {ply}: {got:?} {want:?}"
                );
            }
        }
    }

    #[test]
    fn bad_chances_requests_and_replies_are_errors() {
        assert!(answer("3\nchances").starts_with("3\nerror: "));
        // An empty position is the notation's default start: a real answer.
        assert!(chances(parse_reply(&answer("3\nchances\n")).unwrap().1).is_ok());
        assert!(answer("3\nchances\nnonsense=1").starts_with("3\nerror: "));
        assert!(answer("3\nchances\n\u{0}\u{ffff}\n\n").starts_with("3\nerror: "));
        assert!(answer("x\nchances\nroll=3").starts_with("0\nerror: "));
        let bad = [
            "",
            "1 2 3",
            "1 2 3 4 5",
            "1 2 3 x",
            "1 2 3 1000001",
            "-1 0 0 0",
            "1  2 3 4",
        ];
        for body in bad {
            assert!(chances(Ok(body.into())).is_err(), "{body:?}");
        }
        assert_eq!(chances(Err("no".into())), Err("no".into()));
        assert_eq!(
            chances(Ok("1000000 0 500000 0".into())),
            Ok([1.0, 0.0, 0.5, 0.0])
        );
        assert_eq!(chances_body(&[1.5, -0.1, 0.25, 0.0]), "1000000 0 250000 0");
    }

    #[test]
    fn the_worker_reviews_a_ply_as_the_native_reviewer_does() {
        use barricade_ai::review::turns;
        use barricade_rules::{BoardId, Game, Rules, Seats, policy};
        // French: a roll-again choice (no roll of its own) and a move, on
        // the quick board (the real review's budget, and debug builds are slow).
        let french = Rules::preset("french").unwrap();
        let mut game = Game::new_on(BoardId::Quick, french, Seats::default(), 11);
        while game.position().winner().is_none() && game.history().len() < 40 {
            game.roll_if_due();
            game.play(policy::greedy(game.position()).unwrap()).unwrap();
        }
        let all = turns(&game.record()).unwrap();
        let choice = all.iter().find(|t| t.roll.is_none()).unwrap();
        let (id, body) = parse_reply(&answer(&review_request(6, choice))).unwrap();
        assert_eq!(id, 6);
        assert_eq!(review(body, choice), Ok(Reviewer::new().review(choice)));
        // A ply after a roll has the six faces' chances.
        let body = "home-c1\n1 2 0\n1 2 3 4 5 6";
        let rolled = review(Ok(body.into()), &all[0]).unwrap();
        assert_eq!(rolled.luck.map(|l| l.faces), Some([1, 2, 3, 4, 5, 6]));
        assert_eq!(
            (rolled.played_chance, rolled.best_chance, rolled.forced),
            (1, 2, false)
        );
        // Bad requests and replies are errors.
        for bad in [
            "6\nreview",
            "6\nreview\n7\nhome-c1\n",
            "6\nreview\n-\nnonsense\n",
        ] {
            assert!(answer(bad).starts_with("6\nerror: "), "{bad:?}");
        }
        let illegal = "6\nreview\n1\ni9-i10\nseats=red,blue";
        assert_eq!(answer(illegal), "6\nerror: the move is not legal there");
        for body in [
            "",
            "home-c1",
            "home-c1\n1 2",
            "home-c1\n2 1 0\n-",
            "home-c1\n1 2 0\n1 2",
        ] {
            assert!(review(Ok(body.into()), &all[0]).is_err(), "{body:?}");
        }
    }

    #[test]
    fn the_worker_draws_qr_codes() {
        let (id, body) =
            parse_reply(&answer(&qr_request(4, "https://example.org/#seed=1"))).unwrap();
        assert_eq!(id, 4);
        let body = body.unwrap();
        let (size, path) = body.split_once(' ').unwrap();
        assert_eq!(size, "25");
        assert!(path.starts_with('M'));
        let too_long = answer(&qr_request(5, &"x".repeat(5000)));
        assert!(too_long.starts_with("5\nerror: "));
    }
}
