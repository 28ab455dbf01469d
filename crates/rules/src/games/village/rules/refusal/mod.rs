//! Why an action is refused: the first cause that applies, named in a sentence and in details a
//! client can read (docs/errors.md, "Village"). It is asked only once the action is not among
//! the decision's options (`legal`), and each check here is the reverse of one condition there,
//! so every refusal names what it lacks; `UNEXPLAINED` is a referee bug (a property test over
//! random states and actions checks that it never appears).

use crate::core::{Seat, Violation};
use crate::games::village::action::Action;
use crate::games::village::codes::Code;
use crate::games::village::pieces::Space;
use crate::games::village::state::sea::Cargo;
use crate::games::village::state::{Decision, State};

use super::legal::WELL_CUBES;
use super::words::{cargo_name, cargo_token, cube_name, token, word};
use checks::short;

mod checks;
mod decisions;
mod spaces;
mod voyage;

/// The sentence of a refusal no check explains: a referee bug, never expected (the tests look
/// for it).
pub const UNEXPLAINED: &str = "That action is not open now.";

/// A cause found: the refusal.
type Found = Result<(), Violation>;

impl State {
    /// Why an action of `seat` (the deciding seat, or another's free action) that is not among
    /// its options is refused.
    pub(in crate::games::village::rules) fn why_not(
        &self,
        decision: Decision,
        seat: Seat,
        action: &Action,
    ) -> Violation {
        if !fits(decision, action) {
            return Violation::new(
                Code::WrongDecision,
                format!(
                    "That action does not answer what is being decided now ({}).",
                    decision.phase()
                ),
            )
            .with("phase", decision.phase());
        }
        match self.cause(decision, seat, action) {
            Err(v) => v,
            Ok(()) => Violation::new(Code::NotOpen, UNEXPLAINED),
        }
    }

    /// The first rule the action breaks, by kind.
    fn cause(&self, decision: Decision, seat: Seat, action: &Action) -> Found {
        match *action {
            Action::ChooseCube { colour } => self.supply_has_cube(colour),
            Action::TakeCube { space, cube } => Err(Violation::new(
                Code::NothingThere,
                format!(
                    "There is no {} cube on the {} space.",
                    cube_name(cube),
                    word(space)
                ),
            )
            .with("space", token(space))
            .with("cube", cube_name(cube))),
            Action::UseWell { colour } => {
                let has = self.seat(seat).cubes.of(colour);
                Err(short(
                    format!(
                        "The well takes {WELL_CUBES} {} cubes from the farmyard (coins do not count); it holds {has}.",
                        word(colour)
                    ),
                    format!("{WELL_CUBES} {}", token(colour)),
                    format!("{has} {}", token(colour)),
                ))
            }
            Action::ChooseAction { space } => Err(Violation::new(
                Code::NotOpen,
                if space == Space::Harvest {
                    "The seat has no family member on its farmyard, so it cannot harvest; only an \
                     action the seat can perform is chosen."
                        .to_owned()
                } else {
                    format!(
                        "The seat can do nothing at the {} space now; only an action the seat \
                         can perform is chosen.",
                        word(space)
                    )
                },
            )
            .with("space", token(space))),
            Action::Pass => self.why_not_stop(decision),
            Action::RevealGoal { goal } => self.why_not_reveal(seat, goal),
            Action::CashChest { value } => self.why_not_cash(seat, value),
            Action::Serve { stall, payment } => {
                self.why_not_serve(seat, stall)?;
                self.why_not_sale_payment(decision, payment)
            }
            Action::SellCocoa { payment } | Action::SellTea { payment } => {
                let (cargo, has) = match action {
                    Action::SellCocoa { .. } => (Cargo::Cocoa, self.seat(seat).cocoa),
                    _ => (Cargo::Tea, self.seat(seat).tea),
                };
                if has == 0 {
                    return Err(Violation::new(
                        Code::NothingThere,
                        format!(
                            "The seat has no {} brought home to sell.",
                            cargo_name(cargo)
                        ),
                    )
                    .with("piece", cargo_token(cargo)));
                }
                self.why_not_sale_payment(decision, payment)
            }
            Action::Die { member } => self.why_not_die(seat, member),
            Action::BuyOut { count } => self.why_not_buy_out(decision, count),
            Action::MoveLeft { member } => self.why_not_move_left(seat, member),
            Action::Produce { building, good } => self.why_not_produce(decision, building, good),
            Action::UsePrivilege { privilege } => {
                let up_to = match decision {
                    Decision::Privilege { up_to, .. } => up_to,
                    _ => self.council_stage(seat),
                };
                self.why_not_privilege(seat, privilege, up_to)
            }
            Action::Load { .. }
            | Action::Embark { .. }
            | Action::Step { .. }
            | Action::Land
            | Action::SellCargo { .. }
            | Action::TakeTile
            | Action::Mission { .. } => self.why_not_voyage(decision, action),
            _ => self.why_not_space_action(seat, action),
        }
    }
}

/// Whether an action is of a kind the decision asks for.
pub(super) fn fits(decision: Decision, action: &Action) -> bool {
    use Action as A;
    if super::is_free(action) {
        return true;
    }
    match decision {
        Decision::CompensationCube { .. } | Decision::RewardCubes { .. } => {
            matches!(action, A::ChooseCube { .. })
        }
        Decision::Turn { .. } => matches!(action, A::TakeCube { .. } | A::UseWell { .. }),
        Decision::ChooseAction { .. } => matches!(action, A::ChooseAction { .. }),
        Decision::Act { space, .. } => {
            matches!(action, A::Pass)
                || match space {
                    Space::Harvest => matches!(action, A::Harvest),
                    Space::Family => matches!(action, A::NewMember | A::Recall { .. }),
                    Space::Crafts => matches!(
                        action,
                        A::Train { .. } | A::Produce { .. } | A::Buy { .. } | A::Mill
                    ),
                    Space::Market => false,
                    Space::Council => matches!(
                        action,
                        A::EnterCouncil { .. } | A::AdvanceCouncil { .. } | A::UsePrivilege { .. }
                    ),
                    Space::Travel => matches!(
                        action,
                        A::Travel { .. } | A::SetSail { .. } | A::Sail | A::ReturnToPort
                    ),
                    Space::Church => matches!(action, A::Church { .. }),
                }
        }
        Decision::Produce { .. } => matches!(action, A::Produce { .. } | A::Pass),
        Decision::Privilege { .. } => matches!(action, A::UsePrivilege { .. } | A::Pass),
        Decision::MarketDay { .. } => matches!(
            action,
            A::Serve { .. } | A::SellCocoa { .. } | A::SellTea { .. } | A::Pass
        ),
        Decision::Dying { .. } => matches!(action, A::Die { .. }),
        Decision::BuyOut { .. } => matches!(action, A::BuyOut { .. } | A::Pass),
        Decision::Windows { .. } => matches!(action, A::MoveLeft { .. } | A::Pass),
        Decision::LastChance { .. } | Decision::GoalAtStake { .. } => matches!(action, A::Pass),
        Decision::Load { .. } => matches!(action, A::Load { .. } | A::Embark { .. } | A::Pass),
        Decision::Sail { .. } => matches!(action, A::Step { .. } | A::Land | A::Pass),
        Decision::Island { .. } => matches!(
            action,
            A::SellCargo { .. } | A::TakeTile | A::Mission { .. } | A::Pass
        ),
    }
}
