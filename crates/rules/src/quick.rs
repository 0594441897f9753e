//! The quick board ("Das schnelle Malefiz"), our own design: the printed
//! back side of the box is not public, so this board follows its rules in
//! the spirit of the classic board (docs/rules.md, Quick board, gives the
//! reasons). 66 squares on a 17 x 10 grid, 25 steps from every entry to
//! the goal (classic: 39).
//!
//! ```text
//! rank 10                         i10 (goal)
//! rank  9             e9 ....... m9            village: ranks 7 to 9
//! rank  8             e8*        m8*
//! rank  7             e7 ....... m7
//! rank  6                   i6
//! rank  5          d5 ...  i5* ...  n5          forest beside i5 (its exit)
//! rank  4          d4*              n4*
//! rank  3          d3 ............. n3
//! rank  2             e2*   i2   m2*
//! rank  1    a1 .......................... q1   entries c1 g1 k1 o1
//! ```
//!
//! (`*`: rest squares.)

use crate::board::{BoardId, Layout};

const ROWS: [(u8, &[u8]); 10] = [
    (0, &[8]),
    (1, &[4, 5, 6, 7, 8, 9, 10, 11, 12]),
    (2, &[4, 12]),
    (3, &[4, 5, 6, 7, 8, 9, 10, 11, 12]),
    (4, &[8]),
    (5, &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
    (6, &[3, 13]),
    (7, &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
    (8, &[4, 8, 12]),
    (
        9,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    ),
];

pub(crate) const QUICK: Layout = Layout {
    id: BoardId::Quick,
    rows: &ROWS,
    width: 17,
    // The goal's door, the neck below the village, and two on each of the
    // two lower rows of paths.
    barricade_start: &["i9", "i6", "d5", "n5", "g3", "k3"],
    // Both links into the village's loop (e8, m8), both links between the
    // middle rows (d4, n4), two of the three links above the bottom row
    // (e2, m2), and the forest's exit (i5): every way to the goal passes
    // at least two of them.
    rest: &["e8", "m8", "d4", "n4", "e2", "m2", "i5"],
    village: &[
        "e9", "f9", "g9", "h9", "i9", "j9", "k9", "l9", "m9", "e8", "m8", "e7", "f7", "g7", "h7",
        "i7", "j7", "k7", "l7", "m7",
    ],
    forest: Some((8, 6, "i5")),
    pawns_per_colour: 4,
};
