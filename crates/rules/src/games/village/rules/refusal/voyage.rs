//! Refusals of Village Port's voyage: hiring a captain, loading, steps, islands.

use crate::core::text::A;
use crate::core::{Seat, Violation};
use crate::games::village::action::{Action, StepPayment};
use crate::games::village::codes::Code;
use crate::games::village::pieces::{Colour, Cubes, Good};
use crate::games::village::state::family::Place;
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::sea::{Cargo, HOLDS};
use crate::games::village::state::{Decision, State};

use super::super::words::*;
use super::checks::{short, supply_empty};
use super::Found;

impl State {
    /// Hiring a captain in port.
    pub(super) fn why_not_set_sail(&self, seat: Seat, captain: u8) -> Found {
        self.with_port()?;
        if self.seat(seat).ship.at != 0 {
            return Err(Violation::new(
                Code::NotOpen,
                "The ship is at sea: it sails on (Sail) or returns to port (ReturnToPort).",
            ));
        }
        let kinds = &self.config.components.port.captains;
        let Some(kind) = kinds.get(usize::from(captain)) else {
            return Err(Violation::new(
                Code::NotOpen,
                format!(
                    "There is no captain kind {captain}: the set has {} (numbered from 0).",
                    kinds.len()
                ),
            )
            .with("captain", captain)
            .with("kinds", kinds.len()));
        };
        if self
            .harbour
            .captains
            .get(usize::from(captain))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return Err(supply_empty(
                format!("captain of kind {captain}"),
                format!("captain_{captain}"),
            ));
        }
        self.coins_for("That captain", kind.cost, self.seat(seat).coins)
    }

    /// The game is played with Village Port.
    pub(super) fn with_port(&self) -> Found {
        if self.port() {
            return Ok(());
        }
        Err(Violation::new(
            Code::NotOpen,
            "This game is played without Village Port: its members travel on the map (Travel).",
        ))
    }

    /// Village Port's decisions in port, at sea and on an island.
    pub(super) fn why_not_voyage(&self, decision: Decision, action: &Action) -> Found {
        let seat = decision.seat();
        let s = self.seat(seat);
        match *action {
            Action::Load {
                cargo: Cargo::Member,
            } => Err(Violation::new(
                Code::NotOpen,
                "A member boards the ship with Embark, naming the member.",
            )
            .with("field", "cargo")),
            Action::Load { cargo } => {
                let has = match cargo {
                    Cargo::Good(g) => s.goods.of(g) > 0,
                    Cargo::Grain => s.grain > 0,
                    Cargo::Cocoa => s.cocoa > 0,
                    Cargo::Tea => s.tea > 0,
                    Cargo::Chest(v) => s.chests.contains(&v),
                    Cargo::Member => true,
                };
                if !has {
                    return Err(Violation::new(
                        Code::NothingThere,
                        format!("The farmyard holds no {} to load.", cargo_name(cargo)),
                    )
                    .with("piece", cargo_token(cargo)));
                }
                if cargo.from_islands() && self.config.rules.island_goods_at_islands_only() {
                    return Err(Violation::new(
                        Code::NotOpen,
                        format!(
                            "A {} is picked up at islands only; once brought home it is not \
                             loaded again.",
                            cargo_name(cargo)
                        ),
                    )
                    .with("piece", cargo_token(cargo)));
                }
                self.room_for(seat, cargo)
            }
            Action::Embark { member } => {
                self.member_at(seat, member, |p| p == Place::Farmyard, "on the farmyard")?;
                self.room_for(seat, Cargo::Member)
            }
            Action::Step { to, payment } => self.why_not_step(decision, to, payment),
            Action::Land => Err(Violation::new(
                Code::NotOpen,
                "The ship lands only on an island it has just stepped onto.",
            )),
            Action::SellCargo { cargo } => {
                if !s.ship.holds.contains(&cargo) {
                    return Err(Violation::new(
                        Code::NothingThere,
                        format!("The ship's holds carry no {}.", cargo_name(cargo)),
                    )
                    .with("piece", cargo_token(cargo)));
                }
                Err(Violation::new(
                    Code::NotOpen,
                    format!(
                        "This island's parchment does not buy {}.",
                        A(cargo_name(cargo))
                    ),
                )
                .with("piece", cargo_token(cargo)))
            }
            Action::TakeTile => {
                if let Decision::Island { took: true, .. } = decision {
                    return Err(Violation::new(
                        Code::NotOpen,
                        "A tile was taken on this landing already (one per landing).",
                    ));
                }
                let sea = &self.config.components.port.sea;
                let Some(island) = sea.island(s.ship.at) else {
                    return Ok(());
                };
                match (island.stack, self.stack_top(s.ship.at)) {
                    (None, _) => Err(Violation::new(
                        Code::NotOpen,
                        format!("The island {} has no stack of tiles.", island.id),
                    )),
                    (Some(stack), None) => Err(supply_empty(
                        format!("{} tile on this island", token(stack)),
                        token(stack),
                    )),
                    (Some(_), Some(top)) => self.room_for(seat, top),
                }
            }
            Action::Mission { payment } => self.why_not_mission(seat, &payment),
            _ => Ok(()),
        }
    }

    /// The holds have room for a piece of this type (`HOLDS_FULL`).
    pub(super) fn room_for(&self, seat: Seat, cargo: Cargo) -> Found {
        let holds = &self.seat(seat).ship.holds;
        if holds.len() >= HOLDS {
            return Err(Violation::new(
                Code::HoldsFull,
                format!("The ship's {HOLDS} holds are full."),
            )
            .with("piece", cargo_token(cargo))
            .with("aboard", holds.len()));
        }
        if holds.iter().any(|c| c.kind() == cargo.kind()) {
            return Err(Violation::new(
                Code::HoldsFull,
                format!(
                    "The ship carries {} already: it carries one piece of each type.",
                    A(cargo_name(cargo.kind()))
                ),
            )
            .with("piece", cargo_token(cargo))
            .with("aboard", holds.len()));
        }
        Ok(())
    }

    /// A step: to a space joined to the ship's (never the port), paid when no step is free.
    pub(super) fn why_not_step(
        &self,
        decision: Decision,
        to: u8,
        payment: Option<StepPayment>,
    ) -> Found {
        let Decision::Sail {
            seat, free, credit, ..
        } = decision
        else {
            return Ok(());
        };
        let sea = &self.config.components.port.sea;
        let at = self.seat(seat).ship.at;
        if to == 0 {
            return Err(Violation::new(
                Code::NotOpen,
                "Steps never enter the port: only ReturnToPort brings the ship home.",
            )
            .with("to", to));
        }
        if !sea.neighbours(at).contains(&to) {
            return Err(Violation::new(
                Code::NotOpen,
                format!(
                    "Space {to} is not joined to the ship's space {at} ({}) by a water line.",
                    sea.id(at)
                ),
            )
            .with("to", to)
            .with("at", at));
        }
        match (free > 0 || credit > 0, payment) {
            (true, Some(_)) => Err(Violation::new(
                Code::NotOpen,
                "This step is free or paid for already: name no payment.",
            )
            .with("field", "payment")),
            (false, None) => Err(Violation::new(
                Code::CannotPay,
                "The captain's free steps are used up: this step is paid with one of its purchases.",
            )
            .with("field", "payment")),
            (false, Some(p)) => self.step_payment(seat, &p),
            (true, None) => Ok(()),
        }
    }

    /// A purchase of the captain's: it exists, its cubes are of the colours it accepts (coins
    /// standing in), and the seat holds them.
    pub(super) fn step_payment(&self, seat: Seat, p: &StepPayment) -> Found {
        let s = self.seat(seat);
        let captains = &self.config.components.port.captains;
        let buys = s
            .ship
            .captain
            .and_then(|k| captains.get(usize::from(k)))
            .map_or(&[][..], |k| k.steps.as_slice());
        let Some(buy) = buys.get(usize::from(p.purchase)) else {
            return Err(Violation::new(
                Code::CannotPay,
                format!(
                    "The captain has no purchase {}: it has {} (numbered from 0).",
                    p.purchase,
                    buys.len()
                ),
            )
            .with("purchase", p.purchase));
        };
        let named = p.cubes.total().saturating_add(p.coins);
        let foreign = Colour::ALL
            .into_iter()
            .find(|&c| p.cubes.of(c) > 0 && !buy.colours.contains(&c));
        if named != buy.cubes || foreign.is_some() {
            let colours: Vec<String> = buy.colours.iter().map(|&c| word(c)).collect();
            let colours = if buy.colours.len() == Colour::ALL.len() {
                "any colour".to_owned()
            } else {
                colours.join(" or ")
            };
            return Err(Violation::new(
                Code::CannotPay,
                format!(
                    "Purchase {} takes {} of {colours}, a coin standing in for one; the payment names {} and {}.",
                    p.purchase,
                    Counted(buy.cubes, "cube"),
                    CubeWords(p.cubes),
                    Counted(p.coins, "coin")
                ),
            )
            .with("purchase", p.purchase)
            .with("needs", format!("{} cubes", buy.cubes))
            .with("paid", cubes_token(p.cubes)));
        }
        self.cube_payment(
            seat,
            "The purchase",
            p.cubes,
            &CubePayment {
                cubes: p.cubes,
                coins: Cubes::default(),
            },
        )?;
        self.coins_for("The purchase", p.coins, s.coins)
    }

    /// A missionary church: on this island, free, a member aboard, its wagon and cubes.
    pub(super) fn why_not_mission(&self, seat: Seat, payment: &CubePayment) -> Found {
        let s = self.seat(seat);
        let sea = &self.config.components.port.sea;
        let at = s.ship.at;
        let Some(church) = sea.island(at).and_then(|i| i.church.as_ref()) else {
            return Err(Violation::new(
                Code::NotOpen,
                "This island has no missionary church.",
            ));
        };
        if !self.free_mission(at) {
            return Err(Violation::new(
                Code::NotOpen,
                "This island's missionary church is taken.",
            ));
        }
        if !s.ship.holds.contains(&Cargo::Member) {
            return Err(Violation::new(
                Code::NotOpen,
                "No member is aboard to go onto the missionary church.",
            ));
        }
        if church.cost.wagon > 0 && !s.ship.holds.contains(&Cargo::Good(Good::Wagon)) {
            return Err(short(
                "The missionary church takes a wagon from the ship's holds, which carry none."
                    .to_owned(),
                "1 wagon".to_owned(),
                "0 wagon".to_owned(),
            ));
        }
        let c = church.cost;
        let need = Cubes([c.brown, c.pink, c.orange, c.green]);
        self.cube_payment(seat, "The missionary church", need, payment)
    }
}
