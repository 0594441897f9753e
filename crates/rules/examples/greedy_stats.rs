//! Why do greedy games last so long? Counts what happens in greedy games
//! (`cargo run --profile bench -p barricade-rules --example greedy_stats`).
//!
//! It also prints the exact total of plies and a hash of every move played
//! (seeds 0..2000): an engine change that keeps the games the same keeps
//! both numbers.

use barricade_rules::{Colour, Dice, Move, Position, RollSource, Rules, Seats, policy};
use std::hash::{DefaultHasher, Hash, Hasher};

fn main() {
    for (name, seats) in [
        ("4 players", Seats::default()),
        (
            "2 players",
            Seats::new(&[Colour::Red, Colour::Yellow]).unwrap(),
        ),
    ] {
        let games = 2000u64;
        let (mut plies, mut captures, mut takes, mut passes, mut homes) = (0, 0, 0, 0, 0);
        let mut hash = DefaultHasher::new();
        for seed in 0..games {
            let mut pos = Position::new(Rules::default(), seats);
            let mut dice = Dice::new(seed);
            while !pos.is_over() && plies < 10_000_000 {
                if pos.roll().is_none() {
                    let _ = pos.set_roll(dice.roll());
                }
                let Some(mv) = policy::greedy(&pos) else {
                    break;
                };
                if let Move::Step { from, to, drop } = mv {
                    if (pos.all_pawns() - pos.pawns(pos.turn())).contains(to) {
                        captures += 1;
                    }
                    if drop.is_some() {
                        takes += 1;
                    }
                    if from == barricade_rules::Origin::Home {
                        homes += 1;
                    }
                } else {
                    passes += 1;
                }
                mv.hash(&mut hash);
                pos.play_unchecked(mv);
                plies += 1;
            }
        }
        let g = games as f64;
        println!(
            "{name}: {:.0} plies, {:.1} captures, {:.1} barricades taken, {:.1} passes, {:.1} pawns leaving home per game",
            plies as f64 / g,
            captures as f64 / g,
            takes as f64 / g,
            passes as f64 / g,
            homes as f64 / g
        );
        println!(
            "{name}: {plies} plies in all, moves hash {:016x}",
            hash.finish()
        );
    }
}
