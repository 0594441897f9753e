//! Which drawn pawn is which: the rules engine knows squares, the screen
//! wants each of the five pawns of a colour to keep its identity (so that
//! it can walk, and slide home when captured). This only follows the
//! moves the engine accepted; it decides nothing.

use barricade_rules::{Colour, Move, Origin, Position, Square};

/// Where each pawn (colour, number 0..5) is: `None` at home.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pieces([[Option<Square>; 5]; 4]);

/// What a move did to the drawn pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The moving pawn's colour.
    pub colour: Colour,
    /// The moving pawn's number.
    pub number: usize,
    /// The captured pawn, sent home: colour and number.
    pub captured: Option<(Colour, usize)>,
}

impl Pieces {
    /// Where pawn `number` of `colour` is (`None`: at home).
    pub fn at(&self, colour: Colour, number: usize) -> Option<Square> {
        self.0[colour.index()].get(number).copied().flatten()
    }

    /// The number of the pawn of `colour` that leaves `origin`: the pawn
    /// on that square, or the first one at home.
    pub fn number_at(&self, colour: Colour, origin: Origin) -> Option<usize> {
        self.0[colour.index()]
            .iter()
            .position(|&at| at == origin.square())
    }

    /// Follows `mv`, played by the side to move in `before`, which the
    /// engine turned into `after`. A pawn the engine sent home (a capture)
    /// is the one whose square its colour no longer holds in `after`.
    pub fn follow(&mut self, before: &Position, after: &Position, mv: Move) -> Option<Moved> {
        let Move::Step { from, to, .. } = mv else {
            return None;
        };
        let colour = before.turn();
        let number = self.number_at(colour, from)?;
        self.0[colour.index()][number] = Some(to);
        let mut captured = None;
        for other in Colour::ALL {
            for (j, at) in self.0[other.index()].iter_mut().enumerate() {
                if at.is_some_and(|s| !after.pawns(other).contains(s)) {
                    *at = None;
                    captured = Some((other, j));
                }
            }
        }
        Some(Moved {
            colour,
            number,
            captured,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_keeps_its_number_and_a_capture_goes_home() {
        let mut pieces = Pieces::default();
        let played = |pos: &Position, mv: Move| {
            let mut after = *pos;
            after.play(mv).unwrap();
            after
        };
        let pos: Position = "seats=red,blue roll=1".parse().unwrap();
        let mv = "home-c1".parse().unwrap();
        let moved = pieces.follow(&pos, &played(&pos, mv), mv).unwrap();
        assert_eq!((moved.colour, moved.number), (Colour::Red, 0));
        assert_eq!(pieces.at(Colour::Red, 0), Some("c1".parse().unwrap()));
        // Blue lands on c1 and sends red 0 home.
        let pos: Position = "seats=red,blue turn=blue roll=1 red=c1 blue=d1"
            .parse()
            .unwrap();
        pieces.0[Colour::Blue.index()][2] = Some("d1".parse().unwrap());
        let mv = "d1-c1".parse().unwrap();
        let moved = pieces.follow(&pos, &played(&pos, mv), mv).unwrap();
        assert_eq!(moved.number, 2);
        assert_eq!(moved.captured, Some((Colour::Red, 0)));
        assert_eq!(pieces.at(Colour::Red, 0), None);
    }
}
