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
use barricade_rules::{Move, Position};

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
