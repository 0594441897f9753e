//! Finds the dice seeds and game records behind the browser tests of the
//! printed editions (tests/browser/editions.spec.ts), so that anyone can
//! see why a test's seed gives its situation and find new ones:
//!
//! ```sh
//! cargo run -p barricade-rules --example scenarios
//! ```
//!
//! The dice of a game depend only on its seed (moves never draw from
//! them), so a seed's rolls can be read before anyone plays.

use barricade_rules::{Colour, Dice, Game, Phase, RollSource, Rules, Seats, code, policy};

/// The playing order after the opening, and the first `n` rolls of the
/// game (`rules`, `seats`, `seed`): the opening's own roll when the first
/// seat moves with it, then the dice after the opening rolls.
fn rolls(rules: Rules, seats: Seats, seed: u64, n: usize) -> (Vec<Colour>, Vec<u8>) {
    let game = Game::new(rules, seats, seed);
    let order = game.position().seats().colours().to_vec();
    let mut out: Vec<u8> = game
        .position()
        .roll()
        .map(|r| r.get())
        .into_iter()
        .collect();
    let used = game
        .opening()
        .map_or(0, |o| o.rounds.iter().map(Vec::len).sum());
    let mut dice = Dice::new(seed);
    for _ in 0..used {
        dice.roll();
    }
    while out.len() < n {
        out.push(dice.roll().get());
    }
    (order, out)
}

fn names(colours: &[Colour]) -> String {
    let n: Vec<&str> = colours.iter().map(|c| c.name()).collect();
    n.join(",")
}

fn main() {
    let two = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
    let french = Rules::preset("french").unwrap();
    let sheet = Rules::preset("barricade").unwrap();
    println!("# french, red and blue: opening order and first rolls");
    for seed in 1..400u64 {
        let (order, r) = rolls(french, two, seed, 6);
        if r[0] == 6 || r[0] == 5 {
            println!("french seed {seed}: order {}, rolls {r:?}", names(&order));
        }
    }
    println!("# barricade (sheet), red and blue: red first; first rolls");
    for seed in 1..60u64 {
        let (_, r) = rolls(sheet, two, seed, 4);
        if r[0] == 5 {
            println!("barricade seed {seed}: rolls {r:?}");
        }
    }
    println!("# four seats: the opening order under start-roll and french");
    for seed in 1..12u64 {
        for name in ["start-roll", "french"] {
            let g = Game::new(Rules::preset(name).unwrap(), Seats::default(), seed);
            let o = g.opening().unwrap();
            let first = o.seats.colour(o.first).unwrap();
            let rounds: Vec<String> = o
                .rounds
                .iter()
                .map(|r| {
                    let rolls: Vec<String> =
                        r.iter().map(|(c, r)| format!("{} {r}", c.name())).collect();
                    rolls.join(" ")
                })
                .collect();
            println!(
                "{name} seed {seed}: rolls {}; order {}, {} starts",
                rounds.join(" / "),
                names(o.seats.colours()),
                first.name()
            );
        }
    }
    println!("# french: a barricade taken with a 6 and left with the roll again");
    held_and_back(1..400);
    println!("# a french bounce in a random game: the record up to it");
    let mut found = 0;
    'seeds: for seed in 0..20_000u64 {
        for seats in [two, Seats::two_colours_each()] {
            let mut game = Game::new(french, seats, seed);
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            while game.history().len() < 1500 && !game.position().is_over() {
                game.roll_if_due();
                let pos = *game.position();
                if matches!(pos.phase(), Phase::Move(_))
                    && pos.legal_moves().iter().any(|c| c.is_bounce())
                {
                    let record = game.record();
                    println!(
                        "bounce seed {seed} seats {} ply {} turn {}: {}",
                        names(seats.colours()),
                        record.moves.len(),
                        pos.turn().name(),
                        code::encode(&record).unwrap()
                    );
                    found += 1;
                    if found >= 3 {
                        break 'seeds;
                    }
                    continue 'seeds;
                }
                let mv = policy::random(&pos, |n| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % n as u64) as usize
                })
                .unwrap();
                game.play(mv).unwrap();
            }
        }
    }
}

/// French, red and blue: the first seed (and its decisions) in which a
/// pawn takes a barricade with a 6, rolls again and moves off it, so that
/// at its next turn the barricade can go back where it stood.
fn held_and_back(seeds: std::ops::Range<u64>) {
    let two = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
    let french = Rules::preset("french").unwrap();
    for seed in seeds {
        let game = Game::new(french, two, seed);
        if let Some(moves) = search_back(&game, 0, None) {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            println!("held-and-back seed {seed}: {}", list.join(", "));
            return;
        }
    }
}

/// Depth-first over the first decisions; `taken`: the square of a barricade
/// taken with a 6 by the pawn that must move again.
fn search_back(
    game: &Game,
    depth: usize,
    taken: Option<barricade_rules::Square>,
) -> Option<Vec<barricade_rules::Move>> {
    use barricade_rules::Move;
    if depth > 7 {
        return None;
    }
    let mut game = game.clone();
    game.roll_if_due();
    let pos = *game.position();
    let six = pos.roll().is_some_and(|r| r.get() == 6);
    for mv in pos.all_moves() {
        let mut next = game.clone();
        next.play(mv).ok()?;
        let after = next.position();
        let took = after.held().len() > pos.held().len();
        let found = match (taken, mv) {
            // The bound pawn leaves the square of the barricade it took.
            (Some(sq), Move::Step { from, to, .. }) => {
                from == barricade_rules::Origin::Square(sq) && to != sq
            }
            _ => false,
        };
        if found {
            return Some(vec![mv]);
        }
        let taken_next = match (taken, mv) {
            (Some(sq), Move::Again) => Some(sq),
            (None, Move::Step { to, .. }) if six && took && after.phase() == Phase::ChooseAgain => {
                Some(to)
            }
            _ => None,
        };
        if taken.is_some() && taken_next.is_none() {
            continue;
        }
        if let Some(mut rest) = search_back(&next, depth + 1, taken_next) {
            rest.insert(0, mv);
            return Some(rest);
        }
    }
    None
}
