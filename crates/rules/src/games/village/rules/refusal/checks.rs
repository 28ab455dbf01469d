//! The checks every kind of refusal shares: the member named, the supply, grain, cubes and
//! coins against a price, and where a member is, in words.

use crate::core::text::A;
use crate::core::{Seat, Violation};
use crate::games::village::codes::Code;
use crate::games::village::pieces::{Colour, Cubes, Good};
use crate::games::village::state::family::{Building, Member, Place};
use crate::games::village::state::payment::CubePayment;
use crate::games::village::state::State;

use super::super::words::*;
use super::Found;

impl State {
    pub(super) fn seat(&self, seat: Seat) -> &crate::games::village::state::SeatState {
        &self.seats[usize::from(seat)]
    }

    /// The member exists (`NO_SUCH_MEMBER`).
    pub(super) fn member(&self, seat: Seat, member: u8) -> Result<&Member, Violation> {
        let family = &self.seat(seat).members;
        family.get(usize::from(member)).ok_or_else(|| {
            Violation::new(
                Code::NoSuchMember,
                format!(
                    "The seat has no member {member}: its family has {} (numbered from 0).",
                    family.len()
                ),
            )
            .with("member", member)
            .with("family", family.len())
        })
    }

    /// The member is where the action takes it from (`MEMBER_NOT_THERE`).
    pub(super) fn member_at(
        &self,
        seat: Seat,
        member: u8,
        ok: impl Fn(Place) -> bool,
        wanted: &str,
    ) -> Found {
        let m = self.member(seat, member)?;
        if ok(m.place) {
            return Ok(());
        }
        Err(Violation::new(
            Code::MemberNotThere,
            format!(
                "Member {member} is {}; this action takes a member {wanted}.",
                self.where_is(m.place)
            ),
        )
        .with("member", member)
        .with("at", self.place_token(m.place)))
    }

    /// The supply has a cube of this colour (`SUPPLY_EMPTY`).
    pub(super) fn supply_has_cube(&self, colour: Colour) -> Found {
        if self.board.supply.cubes.of(colour) > 0 {
            return Ok(());
        }
        Err(supply_empty(
            format!("{} cube", word(colour)),
            token(colour),
        ))
    }

    /// The building makes the good, and the supply has one.
    pub(super) fn building_makes(&self, building: Building, good: Good) -> Found {
        if !self.printed(building).produces.contains(&good) {
            return Err(Violation::new(
                Code::NotOpen,
                format!("The {} does not make {}.", word(building), A(Word(good))),
            )
            .with("building", token(building))
            .with("good", token(good)));
        }
        if self.board.supply.goods.of(good) == 0 {
            return Err(supply_empty(word(good), token(good)));
        }
        Ok(())
    }

    /// Grain a cost asks for (`CANNOT_PAY`).
    pub(super) fn grain_for(&self, what: &str, needs: u32, has: u32) -> Found {
        if has >= needs {
            return Ok(());
        }
        Err(short(
            format!("{what} takes {needs} grain from the farmyard, which holds {has}."),
            format!("{needs} grain"),
            format!("{has} grain"),
        ))
    }

    /// A payment in cubes, coins standing in: it must name the cost exactly, and the farmyard
    /// and purse must hold what it names (`CANNOT_PAY`).
    pub(super) fn cube_payment(
        &self,
        seat: Seat,
        what: &str,
        need: Cubes,
        paid: &CubePayment,
    ) -> Found {
        let mut named = paid.cubes;
        for c in Colour::ALL {
            named.add(c, paid.coins.of(c));
        }
        if named != need {
            return Err(Violation::new(
                Code::CannotPay,
                format!(
                    "{what} is {}; the payment names {} (a coin stands in for one cube).",
                    CubeWords(need),
                    CubeWords(named)
                ),
            )
            .with("needs", cubes_token(need))
            .with("paid", cubes_token(named)));
        }
        let s = self.seat(seat);
        for c in Colour::ALL {
            let (n, has) = (paid.cubes.of(c), s.cubes.of(c));
            if n > has {
                return Err(short(
                    format!(
                        "The payment takes {n} {} cubes from the farmyard, which holds {has}.",
                        word(c)
                    ),
                    format!("{n} {}", token(c)),
                    format!("{has} {}", token(c)),
                ));
            }
        }
        self.coins_for("The payment", paid.coin_total(), s.coins)
    }

    /// Coins a cost asks for (`CANNOT_PAY`).
    pub(super) fn coins_for(&self, what: &str, needs: u32, has: u32) -> Found {
        if has >= needs {
            return Ok(());
        }
        Err(short(
            format!(
                "{what} takes {}; the seat has {has}.",
                Counted(needs, "coin")
            ),
            format!("{needs} coins"),
            format!("{has} coins"),
        ))
    }

    /// Where a member is, for a sentence.
    pub(super) fn where_is(&self, place: Place) -> String {
        match place {
            Place::Reserve => "in the reserve (not yet born)".to_owned(),
            Place::Farmyard => "on the farmyard".to_owned(),
            Place::Building(b) => format!("trained at the {}", word(b)),
            Place::Council(stage) => format!("on stage {stage} of the council chamber"),
            Place::City(c) => format!("in the city {}", self.city_id(c)),
            Place::BlackBag => "in the black bag".to_owned(),
            Place::Window(w) => format!("on church window {w}"),
            Place::Chronicle(..) | Place::Grave(_) | Place::Gone | Place::SeaBurial(_) => {
                "dead".to_owned()
            }
            Place::Ship => "aboard the ship".to_owned(),
            Place::Mission(_) => "on a missionary church".to_owned(),
        }
    }

    /// Where a member is, for `details`.
    pub(super) fn place_token(&self, place: Place) -> String {
        match place {
            Place::Building(b) => format!("building:{}", token(b)),
            Place::Council(stage) => format!("council:{stage}"),
            Place::City(c) => format!("city:{}", self.city_id(c)),
            Place::Window(w) => format!("window:{w}"),
            Place::Mission(space) => format!("mission:{space}"),
            Place::Chronicle(..) | Place::Grave(_) | Place::Gone | Place::SeaBurial(_) => {
                "dead".to_owned()
            }
            other => token(other),
        }
    }

    pub(super) fn city_id(&self, c: u8) -> &str {
        self.config
            .components
            .travel
            .cities
            .get(usize::from(c))
            .map_or("?", |city| city.id.as_str())
    }
}

/// `CANNOT_PAY` with what the cost needs and what the seat has.
pub(super) fn short(sentence: String, needs: String, has: String) -> Violation {
    Violation::new(Code::CannotPay, sentence)
        .with("needs", needs)
        .with("has", has)
}

/// `SUPPLY_EMPTY`: the supply (or a stack, or a deck) has none of this left.
pub(super) fn supply_empty(name: String, piece: String) -> Violation {
    Violation::new(
        Code::SupplyEmpty,
        format!("There is no {name} left to take."),
    )
    .with("piece", piece)
}
