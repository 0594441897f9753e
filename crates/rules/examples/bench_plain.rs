//! The benchmark workload timed with `std::time::Instant` only, so that it
//! also runs compiled to wasm32-wasip1 under Node (docs/performance.md).

#[path = "../benches/support/workload.rs"]
mod workload;

use std::time::Instant;

/// Optional arguments: `bench_plain [ROUNDS [GAMES]]` (defaults 20,000
/// rounds of the 384 queries and 20,000 games of each size); small values
/// are handy under `valgrind --tool=callgrind`.
fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let rounds = args.next().flatten().unwrap_or(20_000) as usize;
    let games = args.next().flatten().unwrap_or(20_000);
    let positions = workload::midgame_positions();
    let queries = positions.len() * 6;
    let mut total = 0;
    for _ in 0..rounds / 20 {
        total += workload::movegen_all(&positions);
    }
    let t = Instant::now();
    for _ in 0..rounds {
        total += workload::movegen_all(std::hint::black_box(&positions));
    }
    let secs = t.elapsed().as_secs_f64();
    let per_sec = (rounds * queries) as f64 / secs;
    println!(
        "legal_moves: {:.1} million position+roll queries/s ({:.1} ns each; {} candidates)",
        per_sec / 1e6,
        1e9 / per_sec,
        total
    );
    for (players, game) in [
        (4, workload::greedy_game as fn(u64) -> usize),
        (2, workload::greedy_game_2p),
    ] {
        let mut plies = 0;
        let t = Instant::now();
        for seed in 0..games {
            plies += game(std::hint::black_box(seed));
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "greedy game, {players} players: {:.2} us per complete game ({:.0} plies on average, {:.0} ns per ply)",
            secs * 1e6 / games as f64,
            plies as f64 / games as f64,
            secs * 1e9 / plies as f64
        );
    }
}
