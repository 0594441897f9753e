//! The benchmark workload, shared by the divan benches (native) and the
//! `bench_plain` example (which also runs as wasm32-wasip1 under Node).

use barricade_rules::{Dice, Position, Roll, RollSource, Rules, Seats, policy};

/// 64 fixed mid-game positions: greedy 4-player games from fixed seeds,
/// sampled after 40..103 plies (roll removed; the bench sets each roll).
pub fn midgame_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 1u64;
    while out.len() < 64 {
        let mut pos = Position::new(Rules::default(), Seats::default());
        let mut dice = Dice::new(seed);
        let target = 40 + out.len();
        let mut plies = 0;
        while !pos.is_over() && plies < target {
            if pos.roll().is_none() {
                let _ = pos.set_roll(dice.roll());
            }
            let Some(mv) = policy::random(&pos, |n| dice.roll().get() as usize % n) else {
                break;
            };
            pos.play_unchecked(mv);
            plies += 1;
        }
        if !pos.is_over() && pos.roll().is_none() {
            out.push(pos);
        }
        seed += 1;
    }
    out
}

/// Legal moves for every position and every roll; returns the total number
/// of candidates (so the work is not optimised away).
#[inline(never)]
pub fn movegen_all(positions: &[Position]) -> usize {
    let mut n = 0;
    for p in positions {
        for r in Roll::ALL {
            n += p.with_roll(r).legal_moves().len();
        }
    }
    n
}

/// One complete greedy game with 4 seats; returns the number of plies.
#[inline(never)]
pub fn greedy_game(seed: u64) -> usize {
    greedy_game_with(Seats::default(), seed)
}

/// One complete greedy game with 2 seats (red against yellow, opposite
/// entries); returns the number of plies.
#[inline(never)]
#[allow(dead_code)]
pub fn greedy_game_2p(seed: u64) -> usize {
    use barricade_rules::Colour;
    let seats = Seats::new(&[Colour::Red, Colour::Yellow]).expect("two seats");
    greedy_game_with(seats, seed)
}

/// One complete greedy game with these seats; returns the number of plies.
pub fn greedy_game_with(seats: Seats, seed: u64) -> usize {
    let mut pos = Position::new(Rules::default(), seats);
    let mut dice = Dice::new(seed);
    let mut plies = 0;
    while !pos.is_over() && plies < 10_000 {
        if pos.roll().is_none() {
            let _ = pos.set_roll(dice.roll());
        }
        let Some(mv) = policy::greedy(&pos) else {
            break;
        };
        pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}
