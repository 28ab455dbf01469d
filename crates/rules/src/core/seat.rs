//! Seats: players are numbered 0..n clockwise.

/// A seat number (0-based, clockwise).
pub type Seat = u8;

/// The seat after `seat` in clockwise order.
pub fn next(seat: Seat, players: u8) -> Seat {
    if players == 0 {
        0
    } else {
        (seat + 1) % players
    }
}

/// The seats after `from` in clockwise order, `from` excluded, each once.
pub fn others_clockwise(from: Seat, players: u8) -> impl Iterator<Item = Seat> {
    (1..players).map(move |k| (from + k) % players)
}

/// Seats in words, for descriptions: `seat 1`, `seats 0 and 2`, or `nobody`.
pub fn seats_text(seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(Seat::to_string).collect();
    match names.len() {
        0 => "nobody".to_owned(),
        1 => format!("seat {}", names[0]),
        _ => format!("seats {}", names.join(" and ")),
    }
}
