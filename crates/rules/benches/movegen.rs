//! `cargo bench -p barricade-rules`: move generation over fixed mid-game
//! positions, and whole greedy games. Numbers: docs/performance.md.

#[path = "support/workload.rs"]
mod workload;

fn main() {
    divan::main();
}

/// 64 positions x 6 rolls = 384 queries per iteration.
#[divan::bench]
fn legal_moves_384_queries(bencher: divan::Bencher) {
    let positions = workload::midgame_positions();
    bencher.bench(|| workload::movegen_all(divan::black_box(&positions)));
}

/// One complete 4-player greedy game (generate, choose, apply, until a win).
#[divan::bench(args = [1, 2, 3, 4])]
fn greedy_game(seed: u64) -> usize {
    workload::greedy_game(divan::black_box(seed))
}

/// One complete 2-player greedy game (red against yellow).
#[divan::bench(args = [1, 2, 3, 4])]
fn greedy_game_2p(seed: u64) -> usize {
    workload::greedy_game_2p(divan::black_box(seed))
}
