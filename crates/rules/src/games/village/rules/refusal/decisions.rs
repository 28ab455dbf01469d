//! Refusals of the decisions around the actions: stopping, life goals, chests, the market day,
//! dying and the mass.

use crate::core::{Seat, Violation};
use crate::games::village::codes::Code;
use crate::games::village::pieces::{Colour, Cubes};
use crate::games::village::state::church::MASS_PIECES;
use crate::games::village::state::family::Place;
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::{Decision, State};

use super::super::legal::SALE_GREEN;

use super::super::words::*;
use super::Found;

impl State {
    /// Stopping (`Pass`): refused only while the ship has not left port.
    pub(super) fn why_not_stop(&self, decision: Decision) -> Found {
        match decision {
            Decision::Sail { .. } => Err(Violation::new(
                Code::NotOpen,
                "The ship has not left port yet: it takes at least one step before it stops.",
            )),
            _ => Ok(()),
        }
    }

    /// Revealing a life goal: held face down, and met.
    pub(super) fn why_not_reveal(
        &self,
        seat: Seat,
        goal: crate::games::village::state::goals::Goal,
    ) -> Found {
        let held = self.seat(seat).goals.iter().find(|g| g.goal == goal);
        let sentence = match held {
            None => format!("The seat does not hold the {} goal.", word(goal)),
            Some(g) if g.revealed => format!("The {} goal is revealed already.", word(goal)),
            Some(_) => format!(
                "The seat does not meet the {} goal's requirements yet.",
                word(goal)
            ),
        };
        Err(Violation::new(Code::NotOpen, sentence).with("goal", token(goal)))
    }

    /// Cashing a chest brought home.
    pub(super) fn why_not_cash(&self, seat: Seat, value: u32) -> Found {
        Err(Violation::new(
            Code::NothingThere,
            format!("The seat has no chest worth {value} brought home."),
        )
        .with("value", value)
        .with("chests", self.seat(seat).chests.len()))
    }

    /// Serving a customer: one on the stall, and every piece it demands.
    pub(super) fn why_not_serve(&self, seat: Seat, stall: u8) -> Found {
        let Some(lacking) = self.lacking(seat, usize::from(stall)) else {
            return Err(Violation::new(
                Code::NothingThere,
                format!("No customer stands on stall {stall}."),
            )
            .with("stall", stall));
        };
        if lacking.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = lacking.iter().map(|&p| word(p)).collect();
        let tokens: Vec<String> = lacking.iter().map(|&p| token(p)).collect();
        Err(Violation::new(
            Code::CannotPay,
            format!(
                "The customer on stall {stall} demands pieces the farmyard lacks: {}.",
                names.join(", ")
            ),
        )
        .with("stall", stall)
        .with("lacking", tokens.join(",")))
    }

    /// A market sale's payment: none for the trigger's free first sale, else a green cube (or a
    /// coin).
    pub(super) fn why_not_sale_payment(
        &self,
        decision: Decision,
        payment: Option<CubePayment>,
    ) -> Found {
        let Decision::MarketDay {
            trigger,
            seat,
            free,
            ..
        } = decision
        else {
            return Ok(());
        };
        match (free && seat == trigger, payment) {
            (true, Some(_)) => Err(Violation::new(
                Code::NotOpen,
                "The first sale of the seat that began the market day is free: name no payment.",
            )
            .with("field", "payment")),
            (false, None) => Err(Violation::new(
                Code::CannotPay,
                format!("This sale costs {SALE_GREEN} green cube (a coin may stand in): name the payment."),
            )
            .with("needs", format!("{SALE_GREEN} green"))),
            (false, Some(way)) => {
                let mut green = Cubes::default();
                green.add(Colour::Green, SALE_GREEN);
                self.cube_payment(seat, "A sale's price", green, &way)
            }
            (true, None) => Ok(()),
        }
    }

    /// Dying: the lowest generation in sight.
    pub(super) fn why_not_die(&self, seat: Seat, member: u8) -> Found {
        let m = self.member(seat, member)?;
        let in_sight = m.place.alive() && !matches!(m.place, Place::Reserve | Place::BlackBag);
        if !in_sight {
            return Err(Violation::new(
                Code::MemberNotThere,
                format!(
                    "Member {member} is {}; only members in sight (on the board or the farmyard) die.",
                    self.where_is(m.place)
                ),
            )
            .with("member", member)
            .with("at", self.place_token(m.place)));
        }
        let lowest = self
            .dying_candidates(seat)
            .first()
            .map_or(m.generation, |&i| self.seat(seat).members[i].generation);
        Err(Violation::new(
            Code::NotOpen,
            format!(
                "The lowest generation in sight dies first: member {member} is of generation {}, and a member of generation {lowest} is in sight.",
                m.generation
            ),
        )
        .with("member", member)
        .with("generation", m.generation)
        .with("lowest", lowest))
    }

    /// Buying out: at least one, no more than the seat's members in the bag, its coins and the
    /// mass's pieces left.
    pub(super) fn why_not_buy_out(&self, decision: Decision, count: u8) -> Found {
        let Decision::BuyOut { seat, bought } = decision else {
            return Ok(());
        };
        if count == 0 {
            return Err(Violation::new(
                Code::NotOpen,
                "A buy-out names at least one member; Pass buys none.",
            )
            .with("field", "count"));
        }
        let n = u32::from(count);
        let in_bag = self.in_black_bag(seat).len() as u32;
        if n > in_bag {
            return Err(Violation::new(
                Code::NotOpen,
                format!("The seat has {in_bag} members in the black bag, not {count}."),
            )
            .with("count", count)
            .with("in_bag", in_bag));
        }
        self.coins_for("Buying out", n, self.seat(seat).coins)?;
        let left = MASS_PIECES.saturating_sub(u32::from(bought));
        Err(Violation::new(
            Code::NotOpen,
            format!(
                "The mass takes {MASS_PIECES} pieces and {bought} were bought out already: at most {left} more."
            ),
        )
        .with("count", count)
        .with("left", left))
    }

    /// A window move: a member on a window that has one to its left, and the grain between.
    pub(super) fn why_not_move_left(&self, seat: Seat, member: u8) -> Found {
        self.member_at(
            seat,
            member,
            |p| matches!(p, Place::Window(_)),
            "on a church window",
        )?;
        let Place::Window(w) = self.seat(seat).members[usize::from(member)].place else {
            return Ok(());
        };
        match self.step_cost(w) {
            None => Err(Violation::new(
                Code::NotOpen,
                format!("Member {member} is on the leftmost window already."),
            )
            .with("member", member)
            .with("window", w)),
            Some(grain) => self.grain_for("That window step", grain, self.seat(seat).grain),
        }
    }
}
