//! Every simple path of 0 to 6 steps from every square, computed once.
//!
//! Move generation walks this table instead of searching the board: a path
//! is usable when none of its inner squares holds a barricade, which is one
//! 128-bit AND.

use crate::board::Board;
use crate::classic::Square;
use crate::moves::Candidate;
#[cfg(test)]
use crate::moves::PATH_INDEX;

/// The longest walk a single roll asks for.
pub(crate) const MAX_STEPS: usize = 6;

/// One simple path from a start square (not stored).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathEntry {
    /// The squares strictly between the start and the destination.
    pub inner: u128,
    /// Destination square index.
    pub dest: u8,
    /// Number of steps (0..=6).
    pub len: u8,
    /// The squares stepped on, first step first; `len` of them are valid.
    pub squares: [u8; MAX_STEPS],
}

/// What move generation reads of a path, all in one place so that the
/// hot loop walks a single slice.
///
/// The masks are 64 bits, relative to the group's base square index (see
/// [`PathTable::group`]): all the paths of 0..6 steps from one square stay
/// within 64 consecutive square indices (61 at most on this board, checked
/// when the table is built), so the hot loop works on `u64`s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HotEntry {
    /// The squares strictly between the start and the destination.
    pub inner: u64,
    /// The destination as a one-square mask.
    pub dest: u64,
    /// The path as a candidate: destination and table index (no origin,
    /// no flags).
    pub template: Candidate,
}

/// One group of the table: the paths of one length from one square.
#[derive(Clone, Copy, Debug, Default)]
struct Group {
    /// `hot[start..end]` are the group's paths.
    start: u16,
    end: u16,
    /// Bit 0 of the group's masks is this square index.
    base: u8,
}

pub(crate) struct PathTable {
    pub entries: Vec<PathEntry>,
    /// `entries[i]` as move generation reads it.
    pub hot: Vec<HotEntry>,
    /// `groups[s * 8 + l]` are the paths of `l` steps from square `s`.
    groups: Vec<Group>,
    /// `start[s * 8 + l] .. start[s * 8 + l + 1]` are the paths of `l` steps
    /// from square `s`.
    start: Vec<u16>,
}

impl PathTable {
    /// The index range of the paths of `len` steps from `from`.
    #[inline]
    pub fn range(&self, from: Square, len: usize) -> core::ops::Range<usize> {
        let i = from.index() * 8 + len.min(MAX_STEPS);
        let (lo, hi) = (self.start[i], self.start[i + 1]);
        lo as usize..hi as usize
    }

    /// The hot entries of the paths of `len` steps from the square with
    /// index `from` (empty for an index off the board), and the square
    /// index of bit 0 of their masks.
    #[inline]
    pub fn group(&self, from: usize, len: usize) -> (u32, &[HotEntry]) {
        match self.groups.get(from * 8 + len.min(MAX_STEPS)) {
            Some(g) => (
                u32::from(g.base),
                self.hot
                    .get(g.start as usize..g.end as usize)
                    .unwrap_or(&[]),
            ),
            None => (0, &[]),
        }
    }

    /// The square the path with this table index starts from.
    pub fn start_square(&self, index: usize) -> Option<Square> {
        let after = self.start.partition_point(|&st| st as usize <= index);
        Square::from_index(after.checked_sub(1)? / 8)
    }

    /// A table with no paths (while its board is being built).
    pub(crate) fn empty() -> PathTable {
        PathTable {
            entries: Vec::new(),
            hot: Vec::new(),
            groups: Vec::new(),
            start: vec![0],
        }
    }

    /// The table of `board` (its squares and links must be set).
    pub(crate) fn build(board: &Board) -> PathTable {
        // Groups per start square: lengths 0..=7 (7 is always empty).
        let groups_len = board.len() * 8 + 1;
        let mut entries = Vec::new();
        let mut start = vec![0u16; groups_len];
        for s in board.squares() {
            for len in 0..8 {
                start[s.index() * 8 + len] = entries.len() as u16;
                if len <= MAX_STEPS {
                    let mut walk = Vec::with_capacity(len);
                    walk_from(board, s, len, &mut walk, &mut entries);
                }
            }
        }
        start[groups_len - 1] = entries.len() as u16;
        let mut hot = Vec::with_capacity(entries.len());
        let mut groups = vec![Group::default(); groups_len - 1];
        for (i, g) in groups.iter_mut().enumerate() {
            let range = start[i] as usize..start[i + 1] as usize;
            let squares = entries[range.clone()]
                .iter()
                .fold(0u128, |all, e| all | e.inner | 1 << e.dest);
            let base = if squares == 0 {
                0
            } else {
                squares.trailing_zeros()
            };
            assert!(
                squares >> base < 1 << 64,
                "the paths of one group span more than 64 squares"
            );
            *g = Group {
                start: range.start as u16,
                end: range.end as u16,
                base: base as u8,
            };
            for (j, e) in entries[range.clone()].iter().enumerate() {
                hot.push(HotEntry {
                    inner: (e.inner >> base) as u64,
                    dest: 1 << (u32::from(e.dest) - base),
                    template: Candidate::template(board.id(), e.dest, range.start + j),
                });
            }
        }
        PathTable {
            entries,
            hot,
            groups,
            start,
        }
    }
}

fn walk_from(
    board: &Board,
    start: Square,
    len: usize,
    walk: &mut Vec<Square>,
    out: &mut Vec<PathEntry>,
) {
    if walk.len() == len {
        let mut squares = [0u8; MAX_STEPS];
        let mut inner = 0u128;
        for (i, s) in walk.iter().enumerate() {
            squares[i] = s.index() as u8;
            if i + 1 < walk.len() {
                inner |= 1 << s.index();
            }
        }
        out.push(PathEntry {
            inner,
            dest: walk.last().unwrap_or(&start).index() as u8,
            len: len as u8,
            squares,
        });
        return;
    }
    let here = walk.last().copied().unwrap_or(start);
    for &n in board.neighbours(here) {
        if n == start || walk.contains(&n) {
            continue;
        }
        walk.push(n);
        walk_from(board, start, len, walk, out);
        walk.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shape() {
        for board in [Board::classic(), Board::quick()] {
            table_shape_of(board);
        }
    }

    fn table_shape_of(board: &Board) {
        let t = &board.paths;
        // Table indices fit the bits a candidate keeps for them.
        assert!(t.entries.len() <= PATH_INDEX as usize + 1);
        for s in board.squares() {
            assert_eq!(t.range(s, 0).len(), 1);
            assert_eq!(t.range(s, 1).len(), board.neighbours(s).len());
            for len in 0..=MAX_STEPS {
                let mut dests = 0u128;
                for e in &t.entries[t.range(s, len)] {
                    assert_eq!(e.len as usize, len);
                    dests |= 1 << e.dest;
                }
                // Destinations per origin and roll bound the move list size.
                assert!(dests.count_ones() <= crate::moves::MAX_DESTINATIONS as u32);
            }
        }
    }
}
