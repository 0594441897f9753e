//! What the board shows, as plain data: a pure function of the game state
//! ([`Scene::of`]). The components only draw a [`Scene`] and report
//! clicks; they know no rules.

use crate::state::GameState;
use crate::state::geometry::{forest_slot_xy, home_slot_xy, square_xy};
use barricade_rules::{Board, BoardId, Colour, Move, Origin, Square, SquareSet};

/// Where a pawn is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In its home, at its own place of the home's outline.
    Home(usize),
    /// In the forest (the quick board), at place `k` of the pawns there.
    Forest(usize),
    /// On a square of the board.
    On(Square),
}

impl Place {
    /// The centre of this place on `board` in tenths of an SVG unit.
    pub fn xy(self, board: &Board, colour: Colour) -> (i32, i32) {
        match self {
            Place::Home(slot) => home_slot_xy(board, colour, slot),
            Place::Forest(k) => forest_slot_xy(board, k),
            Place::On(s) => square_xy(board, s),
        }
    }
}

/// One pawn as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnPiece {
    /// Its colour.
    pub colour: Colour,
    /// Which of the colour's pawns (stable across moves, for keyed
    /// rendering).
    pub number: usize,
    /// Where it is.
    pub place: Place,
    /// May the player select it now?
    pub selectable: bool,
    /// Is it selected?
    pub selected: bool,
}

/// A legal destination of the selected pawn and the way there, as points
/// (tenths of an SVG unit) from the pawn to the destination.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The destination.
    pub to: Square,
    /// The points of the path, the pawn's place first.
    pub points: Vec<(i32, i32)>,
}

/// Everything drawn on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The board itself.
    pub board: BoardId,
    /// The homes that are in play, in board order.
    pub homes: Vec<Colour>,
    /// The colour to play (its home glows); `None` once the game is over.
    pub turn: Option<Colour>,
    /// Every pawn in play.
    pub pawns: Vec<PawnPiece>,
    /// The squares holding a barricade.
    pub barricades: Vec<Square>,
    /// French: the squares of the pawns holding a taken barricade (one
    /// entry per barricade held).
    pub held: Vec<Square>,
    /// Legal destinations of the selected pawn.
    pub legal: SquareSet,
    /// Squares some pawn can reach (when no pawn is selected).
    pub targets: SquareSet,
    /// Where the barricade may be dropped (during a drop).
    pub drops: SquareSet,
    /// The ways to the legal destinations.
    pub routes: Vec<Route>,
    /// The squares of the master bot's suggestion, when a hint was asked
    /// for: the pawn's square, its destination and the barricade's new
    /// square.
    pub hint: SquareSet,
}

impl Scene {
    /// The start of a four-player game on `board`: every pawn at home, the
    /// barricades on their printed squares.
    ///
    /// ```
    /// use barricade_rules::BoardId;
    /// use barricade_web::state::scene::Scene;
    /// let scene = Scene::start(BoardId::Classic);
    /// assert_eq!((scene.pawns.len(), scene.barricades.len()), (20, 11));
    /// let scene = Scene::start(BoardId::Quick);
    /// assert_eq!((scene.pawns.len(), scene.barricades.len()), (16, 6));
    /// ```
    pub fn start(board: BoardId) -> Scene {
        let homes = Colour::ALL.to_vec();
        let n = board.board().pawns_per_colour();
        let pawns = homes
            .iter()
            .flat_map(|&colour| {
                (0..n).map(move |number| PawnPiece {
                    colour,
                    number,
                    place: Place::Home(number),
                    selectable: false,
                    selected: false,
                })
            })
            .collect();
        Scene {
            board,
            homes,
            turn: None,
            pawns,
            barricades: board.board().barricade_start().to_vec(),
            held: Vec::new(),
            legal: SquareSet::EMPTY,
            targets: SquareSet::EMPTY,
            hint: SquareSet::EMPTY,
            drops: SquareSet::EMPTY,
            routes: Vec::new(),
        }
    }

    /// The board for `state`: pieces where the engine has them (a walking
    /// pawn on its current step, a pawn waiting for its drop on the
    /// destination), and the marks the player needs.
    pub fn of(state: &GameState) -> Scene {
        let pos = state.position();
        let board = pos.board();
        let homes = pos.seats().colours().to_vec();
        let mover = state.turn();
        // Choices are marked only for a person at this device: not during
        // the computer's turn, not while waiting for another player's link.
        let choosing = state.human_to_play();
        let origins = if choosing {
            state.origins()
        } else {
            Vec::new()
        };
        let pending = state.pending();
        let walk = state.walk();
        let leaving = |origin| state.pieces().number_at(mover, origin);
        let (home_mover, forest_mover) = (leaving(Origin::Home), leaving(Origin::Forest));
        let n = board.pawns_per_colour();
        let mut pawns = Vec::with_capacity(homes.len() * n);
        let mut in_forest = 0;
        for &colour in &Colour::ALL {
            if !homes.contains(&colour) {
                continue;
            }
            for number in 0..n {
                let origin = state.pieces().at(colour, number);
                let mut place = match origin {
                    Origin::Home => Place::Home(number),
                    Origin::Forest => Place::Forest(0),
                    Origin::Square(s) => Place::On(s),
                };
                if let Some(c) = pending
                    && colour == mover
                    && state.pieces().number_at(mover, c.from()) == Some(number)
                {
                    place = Place::On(c.to());
                }
                if let Some(w) = walk {
                    if w.colour == colour && w.number == number {
                        place = w.path.get(w.step).map_or(place, |&s| Place::On(s));
                    }
                    if let Some((c, n, s)) = w.captured
                        && c == colour
                        && n == number
                    {
                        place = Place::On(s);
                    }
                }
                // Pawns in the forest stand side by side.
                if let Place::Forest(k) = &mut place {
                    *k = in_forest;
                    in_forest += 1;
                }
                let first_out = match origin {
                    Origin::Home => home_mover == Some(number),
                    Origin::Forest => forest_mover == Some(number),
                    Origin::Square(_) => true,
                };
                let may_move = colour == mover && origins.contains(&origin) && first_out;
                pawns.push(PawnPiece {
                    colour,
                    number,
                    place,
                    selectable: may_move,
                    selected: may_move && state.selected() == Some(origin),
                });
            }
        }
        let lifted = pending.map(|c| c.to());
        let barricades = pos
            .barricades()
            .iter()
            .filter(|&s| Some(s) != lifted)
            .collect();
        let destinations = if choosing {
            state.destinations()
        } else {
            Vec::new()
        };
        let routes = destinations
            .iter()
            .map(|c| {
                let start = pawns
                    .iter()
                    .find(|p| p.colour == mover && Some(p.number) == leaving(c.from()))
                    .map_or((0, 0), |p| p.place.xy(board, mover));
                let mut points = vec![start];
                points.extend(c.path().iter().map(|s| square_xy(board, s)));
                Route { to: c.to(), points }
            })
            .collect();
        Scene {
            board: board.id(),
            homes,
            turn: (!pos.is_over()).then_some(mover),
            pawns,
            barricades,
            held: pos.held(),
            legal: destinations.iter().map(|c| c.to()).collect(),
            targets: if choosing && state.selected().is_none() {
                state.targets()
            } else {
                SquareSet::EMPTY
            },
            drops: if choosing {
                state.drop_squares()
            } else {
                SquareSet::EMPTY
            },
            routes,
            hint: state.hint().map_or(SquareSet::EMPTY, hint_squares),
        }
    }
}

/// The squares a suggested decision touches.
fn hint_squares(mv: Move) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    match mv {
        Move::Step { from, to, drop } => {
            if let Origin::Square(s) = from {
                set.insert(s);
            }
            set.insert(to);
            if let Some(d) = drop {
                set.insert(d);
            }
        }
        Move::Place(s) => set.insert(s),
        Move::Pass | Move::Again => {}
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::{SeatKind, SetupChoices};
    use barricade_rules::Phase;

    fn two_humans() -> GameState {
        let choices = SetupChoices {
            seats: [Some(SeatKind::Human), None, None, Some(SeatKind::Human)],
            ..SetupChoices::default()
        };
        GameState::new(choices, 4).unwrap()
    }

    #[test]
    fn start_scene_has_every_piece_in_place() {
        let scene = Scene::start(BoardId::Classic);
        for colour in Colour::ALL {
            let at_home = scene
                .pawns
                .iter()
                .filter(|p| p.colour == colour && matches!(p.place, Place::Home(_)))
                .count();
            assert_eq!(at_home, 5);
        }
        let names: Vec<String> = scene.barricades.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, barricade_rules::classic::BARRICADE_START);
    }

    #[test]
    fn after_a_roll_one_home_pawn_is_selected_and_its_squares_are_legal() {
        let mut state = two_humans();
        let scene = Scene::of(&state);
        assert_eq!(scene.homes, [Colour::Red, Colour::Blue]);
        assert_eq!(scene.pawns.len(), 10);
        assert!(scene.pawns.iter().all(|p| !p.selectable));
        state.roll().unwrap();
        let scene = Scene::of(&state);
        let selected: Vec<_> = scene.pawns.iter().filter(|p| p.selected).collect();
        assert_eq!(selected.len(), 1);
        assert_eq!(selected[0].colour, Colour::Red);
        let expected: SquareSet = state.moves().iter().map(|c| c.to()).collect();
        assert_eq!(scene.legal, expected);
        assert_eq!(scene.routes.len(), expected.len());
        assert!(scene.drops.is_empty());
    }

    #[test]
    fn the_computer_s_pawns_are_never_marked_as_choices() {
        use barricade_ai::Level;
        let choices = SetupChoices {
            seats: [
                Some(SeatKind::Computer(Level::Easy)),
                None,
                None,
                Some(SeatKind::Human),
            ],
            ..SetupChoices::default()
        };
        let mut state = GameState::new(choices, 4).unwrap();
        assert_eq!(state.turn(), Colour::Red);
        state.roll().unwrap();
        assert!(!state.origins().is_empty());
        let scene = Scene::of(&state);
        assert!(scene.pawns.iter().all(|p| !p.selectable && !p.selected));
        assert!(scene.legal.is_empty() && scene.targets.is_empty() && scene.routes.is_empty());
    }

    #[test]
    fn a_pending_drop_lifts_the_barricade_and_marks_the_drop_squares() {
        let mut state = two_humans();
        for _ in 0..4000 {
            if state.phase() == Phase::Roll {
                state.roll();
            }
            let moves = state.moves();
            if let Some(c) = moves.iter().find(|c| c.takes_barricade()).copied() {
                assert!(state.move_to(c));
                let scene = Scene::of(&state);
                assert_eq!(scene.barricades.len(), 10);
                assert!(!scene.barricades.contains(&c.to()));
                assert_eq!(scene.drops, moves.drop_squares(&c));
                assert!(scene.pawns.iter().any(|p| p.place == Place::On(c.to())));
                return;
            }
            match moves.iter().next().copied() {
                Some(c) => assert!(state.move_to(c)),
                None => assert!(state.pass()),
            }
        }
        panic!("no barricade was ever taken");
    }
}
