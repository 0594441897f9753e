//! The benchmark workload timed with `std::time::Instant` only, so that it
//! also runs compiled to wasm32-wasip1 under Node (docs/performance.md).

#[path = "../benches/support/workload.rs"]
mod workload;

use std::time::Instant;

fn main() {
    let positions = workload::midgame_positions();
    let queries = positions.len() * 6;
    let mut total = 0;
    let rounds = 20_000;
    for _ in 0..1000 {
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
    let games = 20_000u64;
    let mut plies = 0;
    let t = Instant::now();
    for seed in 0..games {
        plies += workload::greedy_game(std::hint::black_box(seed));
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "greedy game: {:.2} us per complete game ({:.0} plies on average)",
        secs * 1e6 / games as f64,
        plies as f64 / games as f64
    );
}
