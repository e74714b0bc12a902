//! Entrants as organisers type or paste them: one per line, `name, rating` (rating optional),
//! and for a team `team: player rating, player, …` with the players in board order (12.1).

use crate::events::Entrant;
use crate::lang::{Lang, Say};
use std::fmt;

/// Longest name a TRF-16 line holds (columns 15–47, and 5–36 of a team line).
pub const MAX_NAME: usize = 32;
/// Highest rating a TRF-16 line holds (four digits).
pub const MAX_RATING: u32 = 9999;

/// Why a pasted line is not an entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntrantLineError {
    /// The name is longer than a TRF file keeps.
    NameTooLong {
        /// 1-based line number.
        line: usize,
    },
    /// The rating has more than four digits.
    RatingTooHigh {
        /// 1-based line number.
        line: usize,
    },
    /// A team line without its players (`team: player, player, …`).
    NoMembers {
        /// 1-based line number.
        line: usize,
    },
    /// A team with fewer players than boards.
    TooFewMembers {
        /// 1-based line number.
        line: usize,
        /// Boards per match.
        boards: usize,
        /// Players listed.
        members: usize,
    },
    /// The line would make more entrants than a Swiss takes.
    TooMany {
        /// 1-based line number.
        line: usize,
    },
    /// Two entrants (or two players of one team) with the same name.
    Repeated {
        /// 1-based line number of the second one.
        line: usize,
        /// The name.
        name: String,
    },
}

impl fmt::Display for EntrantLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for EntrantLineError {}

/// `name, rating` / `name rating` / `name`: the rating is a trailing number after a comma, tab
/// or space.
fn name_and_rating(text: &str, line: usize) -> Result<(String, u32), EntrantLineError> {
    let text = text.trim();
    let (name, rating) = match text.rsplit_once([',', '\t', ' ', '，']) {
        Some((n, r)) if r.trim().parse::<u64>().is_ok() => {
            let n = n.trim().trim_end_matches([',', '，', '\t']).trim();
            let r: u64 = r.trim().parse().unwrap_or(0);
            if r > MAX_RATING as u64 {
                return Err(EntrantLineError::RatingTooHigh { line });
            }
            (n.to_string(), r as u32)
        }
        _ => (text.to_string(), 0),
    };
    if name.chars().count() > MAX_NAME {
        return Err(EntrantLineError::NameTooLong { line });
    }
    Ok((name, rating))
}

/// Reads pasted entrants, one per non-empty line. With `boards` (a team event) each line is a
/// team: `team: player rating, player, …` (`:` or `：`; players split by `,` `，` `、` `;`), at
/// least `boards` players in board order. Names already in `taken` count as repeats.
pub fn parse_entrants(
    text: &str,
    boards: Option<usize>,
    taken: &[String],
) -> Result<Vec<Entrant>, EntrantLineError> {
    let mut out: Vec<Entrant> = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line = ln + 1;
        if raw.trim().is_empty() {
            continue;
        }
        if taken.len() + out.len() >= super::MAX_ENTRANTS {
            return Err(EntrantLineError::TooMany { line });
        }
        let entrant = match boards {
            None => {
                let (name, rating) = name_and_rating(raw, line)?;
                Entrant::new(name, rating)
            }
            Some(boards) => {
                let (team, players) = raw
                    .split_once([':', '：'])
                    .ok_or(EntrantLineError::NoMembers { line })?;
                let team = team.trim();
                if team.chars().count() > MAX_NAME {
                    return Err(EntrantLineError::NameTooLong { line });
                }
                let mut members: Vec<(String, u32)> = Vec::new();
                for p in players
                    .split([',', '，', '、', ';', '；'])
                    .filter(|p| !p.trim().is_empty())
                {
                    let (name, rating) = name_and_rating(p, line)?;
                    if members.iter().any(|m| m.0 == name) {
                        return Err(EntrantLineError::Repeated { line, name });
                    }
                    members.push((name, rating));
                }
                if members.is_empty() {
                    return Err(EntrantLineError::NoMembers { line });
                }
                if members.len() < boards {
                    return Err(EntrantLineError::TooFewMembers {
                        line,
                        boards,
                        members: members.len(),
                    });
                }
                Entrant::team(team, members, boards)
            }
        };
        if taken.contains(&entrant.name) || out.iter().any(|e| e.name == entrant.name) {
            return Err(EntrantLineError::Repeated {
                line,
                name: entrant.name,
            });
        }
        out.push(entrant);
    }
    Ok(out)
}

/// Why a team match total (`5:3`) cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchPointsError {
    /// Not two numbers split by `:` (or `-`).
    Unreadable(String),
    /// More game points than the boards give (2 a board, 14.1 doubled).
    TooMany {
        /// Boards per match.
        boards: usize,
    },
}

impl fmt::Display for MatchPointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for MatchPointsError {}

/// A team match entered as totals: `5:3` is the game points of the first-move team, then of the
/// other (2 a win, 1 a draw per board); together at most two a board.
pub fn parse_match_points(text: &str, boards: usize) -> Result<(u32, u32), MatchPointsError> {
    let bad = || MatchPointsError::Unreadable(text.trim().to_string());
    let (a, b) = text.split_once([':', '：', '-']).ok_or_else(bad)?;
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    if (a as u64 + b as u64) > 2 * boards as u64 {
        return Err(MatchPointsError::TooMany { boards });
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_totals_are_read_and_bounded() {
        assert_eq!(parse_match_points(" 5:3 ", 4), Ok((5, 3)));
        assert_eq!(parse_match_points("4-4", 4), Ok((4, 4)));
        assert_eq!(
            parse_match_points("6:3", 4),
            Err(MatchPointsError::TooMany { boards: 4 })
        );
        assert_eq!(
            parse_match_points("five", 4),
            Err(MatchPointsError::Unreadable("five".into()))
        );
        assert_eq!(
            MatchPointsError::TooMany { boards: 4 }.say(Lang::Zh),
            "4 台的局分合计最多 8"
        );
    }

    #[test]
    fn individual_lines_take_an_optional_rating() {
        let es = parse_entrants(
            "王天一, 2600\nZheng Weitong 2550\n\n  赵鑫鑫\nA\t1800",
            None,
            &[],
        )
        .unwrap();
        let got: Vec<(&str, u32)> = es.iter().map(|e| (e.name.as_str(), e.rating)).collect();
        assert_eq!(
            got,
            vec![
                ("王天一", 2600),
                ("Zheng Weitong", 2550),
                ("赵鑫鑫", 0),
                ("A", 1800)
            ]
        );
    }

    #[test]
    fn bad_lines_are_named() {
        assert_eq!(
            parse_entrants("A, 12000", None, &[]),
            Err(EntrantLineError::RatingTooHigh { line: 1 })
        );
        assert_eq!(
            parse_entrants("A\nB\nA", None, &[]),
            Err(EntrantLineError::Repeated {
                line: 3,
                name: "A".into()
            })
        );
        assert_eq!(
            parse_entrants("B", None, &["B".to_string()]),
            Err(EntrantLineError::Repeated {
                line: 1,
                name: "B".into()
            })
        );
        let long = "x".repeat(MAX_NAME + 1);
        assert_eq!(
            parse_entrants(&long, None, &[]),
            Err(EntrantLineError::NameTooLong { line: 1 })
        );
        let e = EntrantLineError::TooFewMembers {
            line: 2,
            boards: 4,
            members: 3,
        };
        assert_eq!(e.say(Lang::Zh), "第 2 行：每场 4 台，该队只报了 3 名队员");
        assert_eq!(e.say(Lang::En), "line 2: 3 players for 4 boards");
    }

    #[test]
    fn no_more_entrants_than_the_cap() {
        let many: String = (0..=super::super::MAX_ENTRANTS)
            .map(|k| format!("P{k}\n"))
            .collect();
        assert_eq!(
            parse_entrants(&many, None, &[]),
            Err(EntrantLineError::TooMany {
                line: super::super::MAX_ENTRANTS + 1
            })
        );
        let taken: Vec<String> = (0..super::super::MAX_ENTRANTS)
            .map(|k| format!("T{k}"))
            .collect();
        assert_eq!(
            parse_entrants("\nX", None, &taken),
            Err(EntrantLineError::TooMany { line: 2 })
        );
    }

    #[test]
    fn team_lines_list_players_in_board_order() {
        let es = parse_entrants(
            "北京队: 王天一 2600, 蒋川 2550、 金波\n上海队：谢靖 2580, 孙勇征 2520, 赵玮, 万春林",
            Some(3),
            &[],
        )
        .unwrap();
        assert_eq!(es[0].name, "北京队");
        assert_eq!(es[0].members, ["王天一", "蒋川", "金波"]);
        assert_eq!(es[0].member_ratings, [2600, 2550, 0]);
        // Team rating: the mean of the rated players on the first three boards.
        assert_eq!(es[0].rating, 2575);
        assert_eq!(es[1].members.len(), 4);
        assert_eq!(es[1].rating, 2550);
        assert_eq!(
            parse_entrants("北京队 王天一", Some(2), &[]),
            Err(EntrantLineError::NoMembers { line: 1 })
        );
        assert_eq!(
            parse_entrants("北京队: 王天一", Some(2), &[]),
            Err(EntrantLineError::TooFewMembers {
                line: 1,
                boards: 2,
                members: 1
            })
        );
    }
}
