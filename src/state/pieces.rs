//! Which drawn pawn is which: the rules engine knows squares, the screen
//! wants each pawn of a colour to keep its identity (so that it can walk,
//! and slide home, or to the forest, when captured). This only follows
//! the moves the engine accepted; it decides nothing.

use barricade_rules::{Colour, Move, Origin, Position};

/// Where each pawn (colour, number 0..5) is: at home, in the forest (the
/// quick board) or on a square. A board with four pawns a colour leaves
/// the fifth at home, unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces([[Origin; 5]; 4]);

impl Default for Pieces {
    fn default() -> Pieces {
        Pieces([[Origin::Home; 5]; 4])
    }
}

/// What a move did to the drawn pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The moving pawn's colour.
    pub colour: Colour,
    /// The moving pawn's number.
    pub number: usize,
    /// The captured pawn, sent home or to the forest: colour and number.
    pub captured: Option<(Colour, usize)>,
}

impl Pieces {
    /// Where pawn `number` of `colour` is.
    pub fn at(&self, colour: Colour, number: usize) -> Origin {
        self.0[colour.index()]
            .get(number)
            .copied()
            .unwrap_or(Origin::Home)
    }

    /// The number of the pawn of `colour` that leaves `origin`: the pawn
    /// on that square, or the first one at home or in the forest.
    pub fn number_at(&self, colour: Colour, origin: Origin) -> Option<usize> {
        self.0[colour.index()].iter().position(|&at| at == origin)
    }

    /// Follows `mv`, played by the side to move in `before`, which the
    /// engine turned into `after`. A pawn the engine captured is the one
    /// whose square its colour no longer holds in `after`; it went to the
    /// forest if its colour has more pawns there than before, else home.
    pub fn follow(&mut self, before: &Position, after: &Position, mv: Move) -> Option<Moved> {
        let Move::Step { from, to, .. } = mv else {
            return None;
        };
        let colour = before.turn();
        let number = self.number_at(colour, from)?;
        self.0[colour.index()][number] = Origin::Square(to);
        let mut captured = None;
        for other in Colour::ALL {
            let to_forest = after.in_forest(other) > before.in_forest(other);
            for (j, at) in self.0[other.index()].iter_mut().enumerate() {
                if let Origin::Square(s) = *at
                    && !after.pawns(other).contains(s)
                {
                    *at = if to_forest {
                        Origin::Forest
                    } else {
                        Origin::Home
                    };
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
        assert_eq!(pieces.at(Colour::Red, 0), "c1".parse().unwrap());
        // Blue lands on c1 and sends red 0 home.
        let pos: Position = "seats=red,blue turn=blue roll=1 red=c1 blue=d1"
            .parse()
            .unwrap();
        pieces.0[Colour::Blue.index()][2] = "d1".parse().unwrap();
        let mv = "d1-c1".parse().unwrap();
        let moved = pieces.follow(&pos, &played(&pos, mv), mv).unwrap();
        assert_eq!(moved.number, 2);
        assert_eq!(moved.captured, Some((Colour::Red, 0)));
        assert_eq!(pieces.at(Colour::Red, 0), Origin::Home);
    }

    #[test]
    fn a_capture_in_the_village_goes_to_the_forest_and_leaves_it() {
        let quick = barricade_rules::Board::quick();
        let sq = |name: &str| quick.square(name).unwrap();
        let mut pieces = Pieces::default();
        let pos: Position = "board=quick seats=red,blue turn=blue roll=1 red=f9 blue=g9"
            .parse()
            .unwrap();
        pieces.0[Colour::Red.index()][1] = Origin::Square(sq("f9"));
        pieces.0[Colour::Blue.index()][0] = Origin::Square(sq("g9"));
        let mv = quick.parse_move("g9-f9").unwrap();
        let mut after = pos;
        after.play(mv).unwrap();
        let moved = pieces.follow(&pos, &after, mv).unwrap();
        assert_eq!(moved.captured, Some((Colour::Red, 1)));
        assert_eq!(pieces.at(Colour::Red, 1), Origin::Forest);
        assert_eq!(pieces.number_at(Colour::Red, Origin::Forest), Some(1));
        assert_eq!(pieces.number_at(Colour::Red, Origin::Home), Some(0));
    }
}
