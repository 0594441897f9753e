//! What the board shows, as plain data: a pure function of the game state.
//! The components only draw a [`Scene`]; they know no rules.

use barricade_rules::{Colour, Square, board};

/// Where a pawn is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In its home, at place 0..5 of the pentagon.
    Home(usize),
    /// On a square of the board.
    On(Square),
}

/// One pawn as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnPiece {
    /// Its colour.
    pub colour: Colour,
    /// Which of the colour's five pawns (stable across moves, for keyed
    /// rendering).
    pub number: usize,
    /// Where it is.
    pub place: Place,
}

/// Everything drawn on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The homes that are in play, in board order.
    pub homes: Vec<Colour>,
    /// Every pawn in play.
    pub pawns: Vec<PawnPiece>,
    /// The squares holding a barricade.
    pub barricades: Vec<Square>,
}

impl Scene {
    /// The start of a four-player game: every pawn at home, the barricades on
    /// their printed squares.
    ///
    /// ```
    /// let scene = barricade_web::scene::Scene::start();
    /// assert_eq!(scene.pawns.len(), 20);
    /// assert_eq!(scene.barricades.len(), 11);
    /// ```
    pub fn start() -> Scene {
        let homes = Colour::ALL.to_vec();
        let pawns = homes
            .iter()
            .flat_map(|&colour| {
                (0..5).map(move |number| PawnPiece {
                    colour,
                    number,
                    place: Place::Home(number),
                })
            })
            .collect();
        Scene {
            homes,
            pawns,
            barricades: board::barricade_start_squares().to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_scene_has_every_piece_in_place() {
        let scene = Scene::start();
        for colour in Colour::ALL {
            let at_home = scene
                .pawns
                .iter()
                .filter(|p| p.colour == colour && matches!(p.place, Place::Home(_)))
                .count();
            assert_eq!(at_home, 5);
        }
        let names: Vec<String> = scene.barricades.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, board::BARRICADE_START);
    }
}
