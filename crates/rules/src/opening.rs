//! [`Opening`]: the rolls before the game in the `start-roll` and
//! `french` rules.

use crate::colour::Colour;
use crate::roll::{Roll, RollSource};
use crate::rules::Rules;
use crate::seats::Seats;

/// The outcome of the opening rolls: the (possibly reordered) seats, the
/// seat that starts and the roll it moves with, and every roll made.
///
/// `start-roll` (Jumbo): every seat rolls in seat order; the highest starts
/// and moves with that roll; ties for highest roll again (only the tied
/// seats), until one is highest. Play then goes on in seat order.
///
/// `french`: every seat rolls; the seats are ordered from highest to
/// lowest roll; every group of tied seats rolls again to order itself.
/// The first seat then rolls again to begin: its opening roll is not
/// moved. With `start-roll` as well, it moves with its (last) opening roll
/// instead (how `french` played in version-1 link codes).
///
/// Without either toggle there is no opening: the first seat rolls
/// normally.
///
/// ```
/// use barricade_rules::{Colour, Opening, Rules, ScriptedDice, Seats};
/// let rules = Rules::preset("start-roll").unwrap();
/// let mut dice = ScriptedDice::new(&[3, 5, 5, 1, 6, 2]);
/// let o = Opening::roll(rules, Seats::default(), &mut dice).unwrap();
/// // green and yellow tie on 5 and roll again: green 6, yellow 2.
/// assert_eq!(o.first, 1);
/// assert_eq!(o.roll.unwrap().get(), 6);
/// assert_eq!(o.seats.colour(0), Some(Colour::Red));
///
/// let french = Rules::preset("french").unwrap();
/// let o = Opening::roll(french, Seats::default(), &mut ScriptedDice::new(&[3, 5, 2, 1])).unwrap();
/// // green starts, and rolls again to begin.
/// assert_eq!(o.seats.colour(0), Some(Colour::Green));
/// assert_eq!(o.roll, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The seats in playing order after the opening.
    pub seats: Seats,
    /// The seat index that moves first.
    pub first: usize,
    /// The roll the first seat moves with (`None`: it rolls to begin).
    pub roll: Option<Roll>,
    /// Every opening roll, round by round.
    pub rounds: Vec<Vec<(Colour, Roll)>>,
}

impl Opening {
    /// Makes the opening rolls for `rules` (`None` when the rules have no
    /// opening).
    ///
    /// ```
    /// use barricade_rules::{Dice, Opening, Rules, Seats};
    /// assert!(Opening::roll(Rules::default(), Seats::default(), &mut Dice::new(1)).is_none());
    /// ```
    pub fn roll(rules: Rules, seats: Seats, dice: &mut impl RollSource) -> Option<Opening> {
        if !rules.has_opening() {
            return None;
        }
        let mut rounds = Vec::new();
        if rules.french {
            let mut last = Vec::new();
            let order = order_by_rolls(seats.colours().to_vec(), dice, &mut rounds, &mut last);
            let seats = seats.reordered(&order).unwrap_or(seats);
            let first_colour = order.first().copied().unwrap_or(Colour::Red);
            // The printed french rules: the highest rolls again to begin.
            // With start-roll too, the first moves with its opening roll.
            let roll = last
                .iter()
                .rev()
                .find(|(c, _)| *c == first_colour)
                .map(|&(_, r)| r)
                .filter(|_| rules.start_roll);
            return Some(Opening {
                seats,
                first: 0,
                roll,
                rounds,
            });
        }
        let mut contenders: Vec<Colour> = seats.colours().to_vec();
        loop {
            let round: Vec<(Colour, Roll)> = contenders.iter().map(|&c| (c, dice.roll())).collect();
            let best = round.iter().map(|&(_, r)| r).max().unwrap_or(Roll::ALL[0]);
            contenders = round
                .iter()
                .filter(|&&(_, r)| r == best)
                .map(|&(c, _)| c)
                .collect();
            rounds.push(round);
            if contenders.len() == 1 {
                let first = seats.seat_of(contenders[0]).unwrap_or(0);
                return Some(Opening {
                    seats,
                    first,
                    roll: Some(best),
                    rounds,
                });
            }
        }
    }
}

/// Orders `group` from highest to lowest roll, rolling again within ties.
/// `last` collects the roll that placed each colour.
fn order_by_rolls(
    group: Vec<Colour>,
    dice: &mut impl RollSource,
    rounds: &mut Vec<Vec<(Colour, Roll)>>,
    last: &mut Vec<(Colour, Roll)>,
) -> Vec<Colour> {
    if group.len() <= 1 {
        return group;
    }
    let round: Vec<(Colour, Roll)> = group.iter().map(|&c| (c, dice.roll())).collect();
    rounds.push(round.clone());
    let mut out = Vec::new();
    for value in (1..=6).rev() {
        let tied: Vec<Colour> = round
            .iter()
            .filter(|(_, r)| r.get() == value)
            .map(|&(c, _)| c)
            .collect();
        if tied.len() == 1
            && let Some(&(c, r)) = round.iter().find(|(_, r)| r.get() == value)
        {
            last.push((c, r));
        }
        out.extend(order_by_rolls(tied, dice, rounds, last));
    }
    out
}
