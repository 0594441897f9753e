//! Every simple path of 0 to 6 steps from every square, computed once.
//!
//! Move generation walks this table instead of searching the board: a path
//! is usable when none of its inner squares holds a barricade, which is one
//! 128-bit AND.

use crate::board::Square;
use crate::moves::Candidate;
#[cfg(test)]
use crate::moves::PATH_INDEX;
use std::sync::OnceLock;

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

/// What move generation reads of a path: 32 bytes, two to a cache line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HotEntry {
    /// The squares strictly between the start and the destination.
    pub inner: u128,
    /// The destination as a one-square mask.
    pub dest: u128,
}

/// Groups per start square: lengths 0..=7 (7 is always empty).
const GROUPS: usize = Square::COUNT * 8 + 1;

pub(crate) struct PathTable {
    pub entries: Vec<PathEntry>,
    /// `entries[i].inner` and the destination mask, for the hot loop.
    pub hot: Vec<HotEntry>,
    /// `entries[i]` as a candidate (destination and table index).
    pub templates: Vec<Candidate>,
    /// `start[s * 8 + l] .. start[s * 8 + l + 1]` are the paths of `l` steps
    /// from square `s`.
    start: [u16; GROUPS],
}

impl PathTable {
    /// The index range of the paths of `len` steps from `from`.
    #[inline]
    pub fn range(&self, from: Square, len: usize) -> core::ops::Range<usize> {
        let i = from.index() * 8 + len.min(MAX_STEPS);
        let (lo, hi) = (self.start[i], self.start[i + 1]);
        lo as usize..hi as usize
    }

    /// The square the path with this table index starts from.
    pub fn start_square(&self, index: usize) -> Option<Square> {
        let after = self.start.partition_point(|&st| st as usize <= index);
        Square::from_index(after.checked_sub(1)? / 8)
    }

    fn build() -> PathTable {
        let mut entries = Vec::new();
        let mut start = [0u16; GROUPS];
        for s in Square::all() {
            for len in 0..8 {
                start[s.index() * 8 + len] = entries.len() as u16;
                if len <= MAX_STEPS {
                    let mut walk = Vec::with_capacity(len);
                    walk_from(s, len, &mut walk, &mut entries);
                }
            }
        }
        start[GROUPS - 1] = entries.len() as u16;
        let hot = entries
            .iter()
            .map(|e| HotEntry {
                inner: e.inner,
                dest: 1u128 << e.dest,
            })
            .collect();
        let templates = entries
            .iter()
            .enumerate()
            .map(|(i, e)| Candidate::template(e.dest, i))
            .collect();
        PathTable {
            entries,
            hot,
            templates,
            start,
        }
    }
}

fn walk_from(start: Square, len: usize, walk: &mut Vec<Square>, out: &mut Vec<PathEntry>) {
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
    for &n in here.neighbours() {
        if n == start || walk.contains(&n) {
            continue;
        }
        walk.push(n);
        walk_from(start, len, walk, out);
        walk.pop();
    }
}

static TABLE: OnceLock<PathTable> = OnceLock::new();

/// The shared path table.
#[inline]
pub(crate) fn table() -> &'static PathTable {
    TABLE.get_or_init(PathTable::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shape() {
        let t = table();
        // Table indices fit the bits a candidate keeps for them.
        assert!(t.entries.len() <= PATH_INDEX as usize + 1);
        for s in Square::all() {
            assert_eq!(t.range(s, 0).len(), 1);
            assert_eq!(t.range(s, 1).len(), s.neighbours().len());
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
